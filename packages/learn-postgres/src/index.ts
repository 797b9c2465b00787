export { createPostgresFeedbackStore } from './create-postgres-feedback-store.js';
export type { PostgresFeedbackStore, PostgresFeedbackStoreOptions } from './create-postgres-feedback-store.js';
export { createQueuedRecorder } from './create-queued-recorder.js';
export type { QueuedRecorderOptions } from './create-queued-recorder.js';
