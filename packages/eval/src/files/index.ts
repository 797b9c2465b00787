export { readTextFile, stripByteOrderMark } from './read-text-file.js';
export type { ReadTextFileOptions } from './read-text-file.js';
export { readJsonFile } from './read-json-file.js';
export type { ReadJsonFileOptions } from './read-json-file.js';
export { detectTextEncoding } from './detect-text-encoding.js';
export type { DetectedEncoding } from './detect-text-encoding.js';
export { writeFileAtomic } from './write-file-atomic.js';
