export type { FeedbackIssue, ParsedFeedback } from './parse-feedback.js';
export type { FeedbackStore, ReadFeedbackOptions } from './feedback-store-interface.js';
export { createFileFeedbackStore } from './create-file-feedback-store.js';
export { createFeedbackRecorder } from './feedback-recorder.js';
export type { FeedbackRecorder, FeedbackRecorderOptions, RecorderIssue } from './feedback-recorder.js';
export type { LearnedDecision, LearnedDecisionRead } from '../decision/learned-decision.js';
