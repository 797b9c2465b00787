export { setOwn } from './own-record.js';
export { tryParseJson } from './try-parse-json.js';
export { jsonLines, stripBom } from './json-lines.js';
