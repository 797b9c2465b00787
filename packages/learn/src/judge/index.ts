export { learnFromFeedback } from './learn-from-feedback.js';
export type { LearnFromFeedbackOptions, LearningOutcome, LearningProgress, LearningReport } from './learn-from-feedback.js';
