export { parseToolQuery, DEFAULT_MAX_QUERY_LENGTH } from './parse-tool-query.js';
export type { ParseToolQueryOptions } from './parse-tool-query.js';
export type { ParsedToolQuery, SelectToolQuery, KeywordToolQuery } from './parsed-tool-query.js';
export { validateRegexPattern, DEFAULT_MAX_PATTERN_LENGTH } from './validate-regex-pattern.js';
export type { ValidateRegexPatternOptions } from './validate-regex-pattern.js';
