export { createRegexRanker, REGEX_MATCH_SCORES } from './create-regex-ranker.js';
export type { RegexRankerOptions } from './create-regex-ranker.js';
