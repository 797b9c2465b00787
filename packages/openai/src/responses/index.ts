export { createResponsesToolSearch } from './create-responses-tool-search.js';
export type {
  ResponsesRequestOptions,
  ResponsesSearchAnswer,
  ResponsesToolMode,
  ResponsesToolSearch,
  ResponsesToolSearchOptions,
  ResponsesToolsRequest,
  RequestTokens,
} from './responses-tool-search-types.js';
export { createResponsesClient } from './create-responses-client.js';
export type {
  FunctionCall,
  FunctionCallHandler,
  ResponsesClient,
  ResponsesClientOptions,
  ResponsesRunOptions,
  ResponsesRunParams,
  ResponsesRunResult,
} from './responses-client-types.js';
export { createResponsesSession } from './create-responses-session.js';
export type { ResponsesSession, ResponsesSessionOptions, ResponsesSessionSnapshot } from './create-responses-session.js';
export { inputDiscoveries } from './input-discoveries.js';
export type {
  FunctionCallItem,
  FunctionCallOutputItem,
  FunctionToolDefinition,
  LoadedToolDefinition,
  NamespaceToolDefinition,
  ResponseInputItem,
  ResponseLike,
  ResponsesClientLike,
  ResponsesToolDefinition,
  ToolSearchCallItem,
  ToolSearchOutputItem,
  ToolSearchToolDefinition,
} from './responses-types.js';
