export { createRerankVectors } from './create-rerank-vectors.js';
export type { RerankVectorsOptions } from './create-rerank-vectors.js';
