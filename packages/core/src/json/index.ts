export { setOwn } from './own-record.js';
