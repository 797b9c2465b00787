export { createGeminiToolSearch } from './create-gemini-tool-search.js';
export type {
  GeminiRequestOptions,
  GeminiSearchAnswer,
  GeminiToolMode,
  GeminiToolSearch,
  GeminiToolSearchOptions,
  GeminiToolsRequest,
} from './gemini-tool-search-types.js';
export { createGeminiClient } from './create-gemini-client.js';
export type { GeminiClient, GeminiClientOptions, GeminiRunOptions, GeminiRunParams, GeminiRunResult } from './gemini-client-types.js';
export { contentDiscoveries } from './content-discoveries.js';
export type {
  GeminiClientLike,
  GeminiContent,
  GeminiFunctionCall,
  GeminiFunctionDeclaration,
  GeminiFunctionResponse,
  GeminiFunctionTool,
  GeminiPart,
  GenerateContentResponseLike,
} from './gemini-types.js';
export type { FunctionCall, FunctionCallHandler, ToolSearchWarning } from '@loadout/core/adapter';
