export { createAiSdkToolSearch } from './create-ai-sdk-tool-search.js';
export type { AiSdkToolSearch, AiSdkToolSearchOptions, CatalogToolCall } from './ai-sdk-tool-search-types.js';
export { messageDiscoveries } from './message-discoveries.js';
export { aiSdkStepTools, planAiSdkRequest } from './plan/index.js';
export type { AiSdkRequestPlan, AiSdkStepTool } from './plan/index.js';
