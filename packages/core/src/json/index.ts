export { setOwn } from './own-record.js';
export { jsonDepth } from './json-depth.js';
