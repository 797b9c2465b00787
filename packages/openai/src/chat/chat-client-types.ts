import type { DeploymentMemory, DiscoverySession, ToolErrorOptions, ToolLoopResult, ToolSearchWarning } from '@loadout/core/adapter';
import type { FunctionCallHandler } from '../responses/responses-client-types.js';
import type { ChatToolSearch, ChatToolsRequest } from './chat-tool-search-types.js';
import type { ChatClientLike, ChatCompletionLike, ChatMessage } from './chat-types.js';

/** Options of {@link createChatClient}. */
export interface ChatClientOptions extends ToolErrorOptions {
  /** An `openai` client pointed at the gateway (`new OpenAI({ baseURL })`). */
  readonly client: ChatClientLike;
  readonly toolSearch: ChatToolSearch;
  /** Gateways known to reject `defer_loading` / `tool_reference`. Default: a new one. */
  readonly memory?: DeploymentMemory;
  /** Loaded tools of the one conversation this client serves: every `run` uses it (and it tracks compaction across runs). Default: none, each `run` has its own, read from its messages, so one client serves concurrent conversations. */
  readonly session?: DiscoverySession;
  /** Called with each warning as it happens (they are also in each result): rejections, unloads, handler failures (`tool-failed`, with the full error). Default: none. */
  readonly onWarning?: (warning: ToolSearchWarning) => void;
  /** Requests one `run` may send. An integer 1–100; default 16. */
  readonly maxSteps?: number;
}

/** What `run` accepts: a non-streaming `chat.completions.create` body; `tools` is added to. */
export interface ChatRunParams {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly Readonly<Record<string, unknown>>[];
  readonly [field: string]: unknown;
}

/** Options of one `run`. */
export interface ChatRunOptions {
  /** Answers function calls (catalog tools and your own); what it throws becomes a `tool-failed` output the model sees (credentials masked, or `toolErrorMessage`) and a `tool-failed` warning with the full error. Required. */
  readonly callTool: FunctionCallHandler;
  readonly requestOptions?: Readonly<Record<string, unknown>>;
}

/** What one `run` did: the last completion and the conversation, with the loop's facts ({@link ToolLoopResult}). */
export interface ChatRunResult extends ToolLoopResult<ChatToolsRequest['mode']> {
  readonly completion: ChatCompletionLike;
  /** The last assistant message's text ('' when none). */
  readonly text: string;
  /** The conversation to continue from (as sent, plus every answer and the last assistant message). */
  readonly messages: ChatMessage[];
}

/** A Chat Completions client with tool search; see {@link createChatClient}. */
export interface ChatClient {
  run(params: ChatRunParams, options: ChatRunOptions): Promise<ChatRunResult>;
  readonly toolSearch: ChatToolSearch;
  /** The `session` option; undefined when each run has its own. */
  readonly session: DiscoverySession | undefined;
  readonly memory: DeploymentMemory;
}
