export { trainRerankModel } from './train-rerank-model.js';
export type { TrainRerankOptions } from './train-rerank-model.js';
export { isRelevant } from './build-training-queries.js';
export type { TrainingQuery } from './training-query.js';
