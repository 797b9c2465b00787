export { readJsonLinesFile, readTextFile } from './read-text-file.js';
export type { ReadTextFileOptions } from './read-text-file.js';
export { readJsonFile } from './read-json-file.js';
export type { ReadJsonFileOptions } from './read-json-file.js';
export { writeFileAtomic } from './write-file-atomic.js';
export { processRuns } from './process-runs.js';
