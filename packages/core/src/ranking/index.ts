export type {
  MaybePromise,
  RankerQueryKind,
  RankerSearchOptions,
  ScoreExplanation,
  SearchHit,
  Ranker,
  SyncRanker,
} from './ranker.js';
export type { Embedder } from './embedder.js';
export type { SyncTextVectors } from './sync-text-vectors.js';
export type { VectorMatch, VectorIndex } from './vector-index.js';
export { forwardRanker } from './forward-ranker.js';
export type { ForwardedRanker } from './forward-ranker.js';
export { withQuerySyntax } from './with-query-syntax.js';
export type { QuerySyntaxOptions } from './with-query-syntax.js';
export { toNameWords, toCompactNameKey, toolNameKeys } from './tool-name-match.js';
export { lastNameSegment } from './last-name-segment.js';
export { toSearchHitRows } from './search-hit-row.js';
export type { SearchHitRow } from './search-hit-row.js';
