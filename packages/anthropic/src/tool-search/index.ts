export { createToolSearch } from './create-tool-search.js';
export type { CreateToolSearchOptions, ToolSearchMode, ToolSearchPolicyInput } from './tool-search-options.js';
export { TOOL_SEARCH_MODES } from './tool-search-options.js';
export type { ToolSearch, ToolSearchRequest, ToolSearchRequestOptions, ToolSearchRequestReason, ToolUseLike } from './tool-search-types.js';
export { TOOL_SEARCH_BETA, SERVER_SEARCH_TOOLS, SERVER_SEARCH_TOOL_NAMES } from './constants.js';
export { placeCacheControl } from './place-cache-control.js';
export { checkToolSearchRequest } from './check-tool-search-request.js';
export type { ToolSearchProblem, ToolSearchProblemCode, ToolSearchRequestParts } from './check-tool-search-request.js';
export { toolReferenceResult } from './tool-result.js';
