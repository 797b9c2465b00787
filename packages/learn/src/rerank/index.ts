export { createRerankRanker } from './create-rerank-ranker.js';
export type { RerankCandidates, RerankRanker, RerankRankerOptions } from './create-rerank-ranker.js';
export type { CompiledModel, RerankModel } from './rerank-model.js';
export { LEXICAL_RERANK_MODEL } from './lexical-rerank-model.js';
