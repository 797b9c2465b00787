export { createAiSdkToolSearch } from './create-ai-sdk-tool-search.js';
export type { AiSdkToolSearch, AiSdkToolSearchOptions, CatalogToolCall } from './ai-sdk-tool-search-types.js';
export { messageDiscoveries } from './message-discoveries.js';
