export { createExactIndex } from './exact-index.js';
export type { ExactIndexOptions, ExactVectorIndex } from './exact-index.js';
export { createHnswIndex } from './hnsw-index.js';
export type { HnswIndexOptions, HnswVectorIndex } from './hnsw-index.js';
