import type Anthropic from '@anthropic-ai/sdk';
import type {
  BetaCacheControlEphemeral,
  BetaContentBlock,
  BetaContentBlockParam,
  BetaMessage,
  BetaMessageParam,
  BetaTool,
  BetaToolReferenceBlockParam,
  BetaToolResultBlockParam,
  BetaToolSearchToolBm25_20251119,
  BetaToolSearchToolRegex20251119,
  BetaToolUnion,
  BetaToolUseBlock,
  MessageCreateParamsNonStreaming,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';

/** A tool definition of a Messages API request (`tools[]`), as `@anthropic-ai/sdk` types it. */
export type ToolDefinition = BetaToolUnion;
/** A custom (client) tool definition. */
export type CustomToolDefinition = BetaTool;
/** A server-side search tool declaration (`tool_search_tool_bm25_20251119` / `tool_search_tool_regex_20251119`). */
export type ServerSearchToolDefinition = BetaToolSearchToolBm25_20251119 | BetaToolSearchToolRegex20251119;
/** A tool definition that {@link ToolSearch.request} produces: a custom tool or a server-side search tool. */
export type RequestToolDefinition = CustomToolDefinition | ServerSearchToolDefinition;
/** A cache breakpoint, `{ type: 'ephemeral', ttl? }`. */
export type CacheControl = BetaCacheControlEphemeral;
/** One message of a conversation, as sent. */
export type MessageParam = BetaMessageParam;
/** One content block of a message, as sent. */
export type ContentBlockParam = BetaContentBlockParam;
/** One content block of a response. */
export type ContentBlock = BetaContentBlock;
/** A model response. */
export type Message = BetaMessage;
/** A `tool_result` block. */
export type ToolResultBlock = BetaToolResultBlockParam;
/** A `tool_reference` block: `{ type: 'tool_reference', tool_name }`. */
export type ToolReferenceBlock = BetaToolReferenceBlockParam;
/** A `tool_use` block of a response. */
export type ToolUseBlock = BetaToolUseBlock;
/** The body of a non-streaming `beta.messages.create` call. */
export type MessageCreateParams = MessageCreateParamsNonStreaming;
/** The second argument of `client.beta.messages.create` (headers, timeout, signal, …). */
export type MessagesRequestOptions = NonNullable<Parameters<Anthropic['beta']['messages']['create']>[1]>;
/** The part of an `Anthropic` client the adapter uses. */
export type AnthropicClient = Pick<Anthropic, 'baseURL' | 'beta'>;
