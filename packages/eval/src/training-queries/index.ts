export { countTrainingQueries, recordTrainingQueries } from './training-queries.js';
export type { TrainingQueries } from './training-queries.js';
export { SHIPPED_TRAINING_QUERIES } from './shipped-training-queries.js';
