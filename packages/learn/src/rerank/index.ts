export { createRerankRanker, extractRerankCandidates } from './create-rerank-ranker.js';
export type { RerankCandidates, RerankRanker, RerankRankerOptions } from './create-rerank-ranker.js';
export type { RerankVectors } from './rerank-vectors.js';
export { FEATURES, RERANK_FEATURES, ROW_WIDTH, VECTOR_FEATURES } from './rerank-features.js';
export { compileRerankModel, scoreRerankFeatures } from './rerank-model.js';
export type { CompiledModel, RerankModel } from './rerank-model.js';
export { LEXICAL_RERANK_MODEL } from './lexical-rerank-model.js';
