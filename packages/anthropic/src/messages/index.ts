export { createMessagesClient } from './create-messages-client.js';
export type {
  MessagesClient,
  MessagesClientOptions,
  MessagesCreateParams,
  MessagesCreateResult,
  ToolSearchRejectedWarning,
  ToolSearchWarning,
} from './messages-client-types.js';
export { createDeploymentMemory, normalizeBaseURL } from '@loadout/core/adapter';
export type { DeploymentMemory, DeploymentMemoryOptions, DeploymentReason, DeploymentRecord } from '@loadout/core/adapter';
export { toolSearchRejection } from './tool-search-rejection.js';
export type { ToolSearchRejection, ToolSearchRejectionKind } from './tool-search-rejection.js';
export { withoutToolSearch } from './without-tool-search.js';
