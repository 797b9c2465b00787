export { createRegexRanker } from './create-regex-ranker.js';
export type { RegexRankerOptions } from './create-regex-ranker.js';
