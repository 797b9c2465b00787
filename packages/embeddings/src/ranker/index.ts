export { createEmbeddingRanker } from './embedding-ranker.js';
export type { EmbeddingRanker, EmbeddingRankerOptions } from './embedding-ranker.js';
export { createHybridRanker } from './hybrid-ranker.js';
export type { HybridRankerOptions } from './hybrid-ranker.js';
