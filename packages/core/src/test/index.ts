export { makeTool, makeTools } from './make-tool.js';
export { createFakeRanker } from './fake-ranker.js';
export type { FakeRanker, FakeRankerCall, FakeRankerOptions } from './fake-ranker.js';
export { createFakeEmbedder, fakeEmbedding } from './fake-embedder.js';
export type { FakeEmbedder, FakeEmbedderOptions } from './fake-embedder.js';
export { createFakeVectorIndex } from './fake-vector-index.js';
export type { FakeVectorIndex, FakeVectorIndexOptions } from './fake-vector-index.js';
export { createFakeTokenCounter } from './fake-token-counter.js';
export type { FakeTokenCounterOptions } from './fake-token-counter.js';
