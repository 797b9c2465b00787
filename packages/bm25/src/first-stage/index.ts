export { readBm25Internals as readFirstStage } from '../bm25f/ranker-internals.js';
export type { Bm25Internals as FirstStage, RankedDocs } from '../bm25f/ranker-internals.js';
export { FIELD_COUNT } from '../bm25f/postings.js';
export type { Postings } from '../bm25f/postings.js';
export type { Dictionary } from '../bm25f/dictionary.js';
export { clauseTexts, termWeight } from '../bm25f/query-terms.js';
export type { QueryTerms } from '../bm25f/query-terms.js';
export { readSearchLimit } from '../shared/search-limit.js';
