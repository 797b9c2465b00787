export { createPostgresFeedbackStore } from './create-postgres-feedback-store.js';
export type { PostgresFeedbackStore, PostgresFeedbackStoreOptions } from './create-postgres-feedback-store.js';
export { isPostgresUrl, redactUrl } from './redact-url.js';
export { SCHEMA_VERSION, EVENTS_TABLE, DECISION_TABLE, DECISION_CHANNEL } from './postgres-schema.js';
export { createQueuedRecorder } from './create-queued-recorder.js';
export type { QueuedRecorderOptions } from './create-queued-recorder.js';
