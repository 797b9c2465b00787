export { createToolSession } from './tool-session.js';
export type { ToolSession, ToolSessionOptions, UnloadResult } from './tool-session.js';
export { restoreToolSession } from './restore-tool-session.js';
export type { ToolSessionSnapshot, ToolSessionSnapshotTool } from './tool-session-snapshot.js';
export { createUsageTracker } from './usage-tracker.js';
export type { UsageTracker, UsageTrackerOptions } from './usage-tracker.js';
export type { UsageEvent } from './usage-event.js';
