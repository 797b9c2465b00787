export { RANKER_NAMES, DEFAULT_RANKER_NAME, listRankers, isRankerName, checkRankerName } from './ranker-names.js';
export type { RankerName } from './ranker-names.js';
export { createRankerByName } from './create-ranker-by-name.js';
export type { CreateRankerByNameOptions } from './create-ranker-by-name.js';
