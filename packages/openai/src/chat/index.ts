export { createChatToolSearch } from './create-chat-tool-search.js';
export type { ChatRequestOptions, ChatSearchAnswer, ChatToolSearch, ChatToolSearchMode, ChatToolSearchOptions, ChatToolsRequest } from './chat-tool-search-types.js';
export { createChatClient } from './create-chat-client.js';
export type { ChatClient, ChatClientOptions, ChatRunOptions, ChatRunParams, ChatRunResult } from './chat-client-types.js';
export { chatDiscoveries, withoutToolReferences, answerNames } from './chat-discoveries.js';
export type { ChatClientLike, ChatCompletionLike, ChatFunctionTool, ChatMessage, ChatToolCall, ChatToolMessage, ToolReferencePart } from './chat-types.js';
export type { FunctionCall, FunctionCallHandler } from '../responses/responses-client-types.js';
