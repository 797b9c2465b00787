export { googleAdapter } from './google-adapter.js';
