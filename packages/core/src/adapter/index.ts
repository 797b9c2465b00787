export { createToolSearchKit } from './create-tool-search-kit.js';
export type { KitSearchOptions, ToolSearchKit, ToolSearchKitOptions } from './tool-search-kit-types.js';
export { createDeploymentMemory, normalizeBaseURL } from './deployment-memory.js';
export type { DeploymentMemory, DeploymentMemoryOptions, DeploymentReason, DeploymentRecord } from './deployment-memory.js';
export { createDiscoverySession } from './discovery-session.js';
export type {
  DiscoveryChange,
  DiscoverySession,
  DiscoverySessionOptions,
  DiscoverySessionSnapshot,
  RestorableDiscoverySession,
  ToolDiscovery,
} from './discovery-session.js';
export { searchFailureText } from './search-failure-text.js';
export { searchToolDescription, searchToolInputSchema } from './search-tool-definition.js';
export type { SearchToolInputSchema, SearchToolSettings } from './search-tool-definition.js';
export { countJsonTokens, countRequestTools, searchCost } from './request-cost.js';
export type { RequestCost, SearchCost } from './request-cost.js';
export { createUsageRecording, deliverUsage } from './usage-recording.js';
export type { UsageRecording } from './usage-recording.js';
