export { LARGE_CATALOG, learnFromFeedback } from './learn-from-feedback.js';
export type { LearnFromFeedbackOptions, LearningOutcome, LearningReport } from './learn-from-feedback.js';
export { createLearnedReranker, eventTrainingQueries, fitRerankOnEvents, trainOnEvents, usageOptions, withUsageField } from './fit-reranker.js';
export type { EventQueries, RerankFitting } from './fit-reranker.js';
export { measureEvents, pooledScores } from './measure-events.js';
export { widenModel } from './widen-model.js';
export { blendRerankModels } from './blend-models.js';
