export { trainRerankModel } from './train-rerank-model.js';
export type { TrainRerankOptions } from './train-rerank-model.js';
export { buildTrainingQueries, isRelevant } from './build-training-queries.js';
export type { LabelledQuery } from './build-training-queries.js';
export type { TrainingQuery } from './training-query.js';
