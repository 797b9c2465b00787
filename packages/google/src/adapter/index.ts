export { googleAdapter } from './google-adapter.js';
export { googleInteractionsAdapter } from './interactions-adapter.js';
