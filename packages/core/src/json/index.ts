export { jsonDepth, DEFAULT_MAX_JSON_DEPTH } from './json-depth.js';
export { setOwn } from './own-record.js';
