export { createToolSession } from './tool-session.js';
export type { ToolSession, ToolSessionOptions, UnloadResult } from './tool-session.js';
export { restoreToolSession } from './restore-tool-session.js';
export type { ToolSessionSnapshot, ToolSessionSnapshotTool } from './tool-session-snapshot.js';
