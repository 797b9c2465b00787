export { createToolSearchSession } from './create-tool-search-session.js';
export type {
  SessionChange,
  ToolSearchSession,
  ToolSearchSessionOptions,
  ToolSearchSessionSnapshot,
} from './tool-search-session-types.js';
export { messageDiscoveries, conversationDiscoveries } from './message-discoveries.js';
export type { Discovery } from './message-discoveries.js';
