export * from './tool-search/index.js';
export { messageDiscoveries, conversationDiscoveries } from './message-discoveries.js';
export * from './messages/index.js';
export type {
  AnthropicClient,
  CacheControl,
  ContentBlock,
  ContentBlockParam,
  CustomToolDefinition,
  Message,
  MessageCreateParams,
  MessageParam,
  MessagesRequestOptions,
  ToolDefinition,
  ToolReferenceBlock,
  ToolResultBlock,
  ToolUseBlock,
} from './api-types.js';
