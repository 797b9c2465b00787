export { createRerankVectors } from './create-rerank-vectors.js';
export type { RerankVectorsOptions, SyncTextVectors } from './create-rerank-vectors.js';
