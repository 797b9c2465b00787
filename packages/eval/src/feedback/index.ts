export { parseFeedbackText } from './parse-feedback.js';
export type { FeedbackIssue, ParsedFeedback, ParseFeedbackOptions } from './parse-feedback.js';
export { appendFeedbackEvents, compactFeedbackFile, purgeFeedbackFile, readFeedbackFile } from './feedback-store.js';
export type { CompactFeedbackOptions, ReadFeedbackOptions } from './feedback-store.js';
export { createFeedbackRecorder } from './feedback-recorder.js';
export type { FeedbackRecorder, FeedbackRecorderOptions, RecorderIssue } from './feedback-recorder.js';
export { eventsByTime } from './events-by-time.js';
