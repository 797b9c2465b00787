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
export { createInteractionsToolSearch } from './create-interactions-tool-search.js';
export type { InteractionsSearchAnswer, InteractionsToolSearch, InteractionsToolsRequest } from './interactions-tool-search-types.js';
export { createInteractionsClient } from './create-interactions-client.js';
export type { InteractionsClient, InteractionsClientOptions, InteractionsRunOptions, InteractionsRunParams, InteractionsRunResult } from './interactions-client-types.js';
export { interactionsDiscoveries } from './interactions-discoveries.js';
export type {
  FunctionCallStep,
  FunctionResultStep,
  InteractionLike,
  InteractionsClientLike,
  InteractionsFunction,
  InteractionsStep,
  InteractionsTextContent,
  InteractionsTool,
  InteractionsToolSearchTool,
  ToolSearchCallStep,
  ToolSearchResultStep,
  UserInputStep,
} from './interactions-types.js';
