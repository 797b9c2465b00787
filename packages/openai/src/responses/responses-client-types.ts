import type { DeploymentMemory, ToolErrorOptions, ToolLoopResult, ToolSearchWarning } from '@loadout/core/adapter';
import type { ResponsesSession } from './create-responses-session.js';
import type { ResponsesToolMode, ResponsesToolSearch } from './responses-tool-search-types.js';
import type { ResponseInputItem, ResponseLike, ResponsesClientLike } from './responses-types.js';

/** Options of {@link createResponsesClient}. */
export interface ResponsesClientOptions extends ToolErrorOptions {
  /** An `openai` client (`new OpenAI({ baseURL })`); its `baseURL` and the request's `model` name the deployment. */
  readonly client: ResponsesClientLike;
  readonly toolSearch: ResponsesToolSearch;
  /** Deployments known to reject tool search; share one between clients. Default: a new one. */
  readonly memory?: DeploymentMemory;
  /**
   * The loaded-tools session of the one conversation this client serves:
   * every `run` uses it (and it tracks compaction across runs). Default:
   * none, each `run` has its own (read from its input, or from the session
   * of the earlier run of this client whose `previous_response_id` chain it
   * continues), so one client serves concurrent conversations.
   */
  readonly session?: ResponsesSession;
  /** Called with each warning as it happens (they are also in each result): rejections, unloads, handler failures (`tool-failed`, with the full error). Default: none. */
  readonly onWarning?: (warning: ToolSearchWarning) => void;
  /** Requests one `run` may send before it hands back. An integer 1–100; default 16. */
  readonly maxSteps?: number;
}

export type { FunctionCall, FunctionCallHandler } from '@loadout/core/adapter';
import type { FunctionCallHandler } from '@loadout/core/adapter';

/** What `run` accepts: a non-streaming `responses.create` body; `tools` is added to. */
export interface ResponsesRunParams {
  readonly model: string;
  readonly input: string | readonly ResponseInputItem[];
  /** The caller's own tools, sent after Loadout's. */
  readonly tools?: readonly Readonly<Record<string, unknown>>[];
  /** Continue a stored response chain; later steps of this run chain on their own responses. */
  readonly previous_response_id?: string;
  readonly [field: string]: unknown;
}

/** Options of one `run`. */
export interface ResponsesRunOptions {
  /** Answers function calls (catalog tools and your own); what it throws becomes a `tool-failed` output the model sees (credentials masked, or `toolErrorMessage`) and a `tool-failed` warning with the full error. Required. */
  readonly callTool: FunctionCallHandler;
  /** Chain steps with `previous_response_id` (the server keeps the items) instead of re-sending the whole input. Default: true when `previous_response_id` is given. */
  readonly chain?: boolean;
  /** Passed to `client.responses.create` (e.g. `signal`, `timeout`). */
  readonly requestOptions?: Readonly<Record<string, unknown>>;
}

/** What one `run` did: the last response and the conversation, with the loop's facts ({@link ToolLoopResult}). */
export interface ResponsesRunResult extends ToolLoopResult<ResponsesToolMode> {
  /** The last response. */
  readonly response: ResponseLike;
  /** Its assistant text. */
  readonly text: string;
  /** The whole conversation, stateless form: the input sent, every output and every answer. Append your next message to it. */
  readonly input: ResponseInputItem[];
  /** `response.id`, to chain the next turn with `previous_response_id`. */
  readonly responseId: string;
}

/** A Responses API client with client-executed tool search; see {@link createResponsesClient}. */
export interface ResponsesClient {
  run(params: ResponsesRunParams, options: ResponsesRunOptions): Promise<ResponsesRunResult>;
  readonly toolSearch: ResponsesToolSearch;
  /** The `session` option; undefined when each run has its own. */
  readonly session: ResponsesSession | undefined;
  readonly memory: DeploymentMemory;
}
