export { learnFromFeedback } from './learn-from-feedback.js';
export type { LearnFromFeedbackOptions, LearningOutcome, LearningProgress, LearningReport } from './learn-from-feedback.js';
export { eventTrainingQueries, fitRerankOnEvents, withUsageField } from './fit-reranker.js';
export type { RerankFitting } from './fit-reranker.js';
