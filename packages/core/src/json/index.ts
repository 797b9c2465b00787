export { setOwn } from './own-record.js';
export { tryParseJson } from './try-parse-json.js';
export { jsonLines, stripBom, utf8JsonLines } from './json-lines.js';
