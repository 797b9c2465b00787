/**
 * The parts of OpenAI-compatible Chat Completions this module reads and
 * writes, typed structurally so any copy of the `openai` package works.
 */

/** A function tool; `defer_loading` sits beside `function`, as gateways that support tool search read it. */
export interface ChatFunctionTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description?: string; readonly parameters: Record<string, unknown> };
  readonly defer_loading?: true;
}

/** A tool call in an assistant message. */
export interface ChatToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

/** A `tool_reference` content block: loads the named deferred tool (gateways with tool search). */
export interface ToolReferencePart {
  readonly type: 'tool_reference';
  readonly tool_name: string;
}

/** A tool message answering one call. */
export interface ChatToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string | readonly ToolReferencePart[];
}

/** One message, loosely: the module reads `role`, `tool_calls`, `tool_call_id` and `content` and passes the rest through. */
export type ChatMessage = Readonly<Record<string, unknown>>;

/** The parts of a chat completion this module reads. */
export interface ChatCompletionLike {
  readonly id: string;
  readonly choices: readonly { readonly message: ChatMessage; readonly finish_reason?: string | null }[];
}

/** The part of an `openai` client this module calls. */
export interface ChatClientLike {
  readonly baseURL: string;
  readonly chat: { readonly completions: { create(body: never, options?: never): PromiseLike<unknown> } };
}
