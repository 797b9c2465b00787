import type { DeploymentMemory, DiscoverySession, FunctionCallHandler, ToolErrorOptions, ToolLoopResult, ToolSearchWarning } from '@loadout/core/adapter';
import type { GeminiToolMode } from './gemini-tool-search-types.js';
import type { InteractionsToolSearch } from './interactions-tool-search-types.js';
import type { InteractionLike, InteractionsClientLike, InteractionsStep } from './interactions-types.js';

/** Options of {@link createInteractionsClient}. */
export interface InteractionsClientOptions extends ToolErrorOptions {
  /** A `@google/genai` client (`new GoogleGenAI({ apiKey })`). */
  readonly client: InteractionsClientLike;
  readonly toolSearch: InteractionsToolSearch;
  /** Names the deployment in `memory` together with the request's `model` (e.g. the client's `httpOptions.baseUrl`). Default `gemini-interactions`. */
  readonly deployment?: string;
  /** Deployments known to reject the `tool_search` tool; share one between clients. Default: a new one. */
  readonly memory?: DeploymentMemory;
  /** The loaded-tools session (core's discovery session) of the one conversation this client serves: every `run` uses it (and it tracks compaction across runs). Default: none, each `run` has its own, read from its input, so one client serves concurrent conversations. */
  readonly session?: DiscoverySession;
  /** Called with each warning as it happens (they are also in each result): rejections, unloads, handler failures (`tool-failed`, with the full error). Default: none. */
  readonly onWarning?: (warning: ToolSearchWarning) => void;
  /** Requests one `run` may send before it hands back. An integer 1–100; default 16. */
  readonly maxSteps?: number;
}

/** What `run` accepts: an `interactions.create` body for a model; `tools` (your own) are sent after Loadout's. */
export interface InteractionsRunParams {
  readonly model: string;
  /** The conversation: a user text, or steps (the `input` of an earlier result, with your next `user_input` appended). */
  readonly input: string | readonly InteractionsStep[];
  /** Your own tools (functions, built-in tools), sent after Loadout's. Default: none. */
  readonly tools?: readonly Readonly<Record<string, unknown>>[];
  /** Other fields of the request (`system_instruction`, `generation_config`, …); `store` is sent false (the input carries the conversation); `stream` and `background` are refused (`invalid-option`). */
  readonly [field: string]: unknown;
}

/** Options of one `run`. */
export interface InteractionsRunOptions {
  /** Answers function calls (catalog tools and your own); what it throws becomes a `tool-failed` output the model sees (credentials masked, or `toolErrorMessage`) and a `tool-failed` warning with the full error; its result is sent as the `function_result` text. Required. */
  readonly callTool: FunctionCallHandler;
}

/** What one `run` did: the last interaction and the conversation, with the loop's facts ({@link ToolLoopResult}). */
export interface InteractionsRunResult extends ToolLoopResult<GeminiToolMode> {
  /** The last interaction the API returned. */
  readonly interaction: InteractionLike;
  /** The text of its `model_output` steps, joined. */
  readonly text: string;
  /** The whole conversation as steps: the input sent, every step of the model and every answer. Append your next `user_input` to it. */
  readonly input: InteractionsStep[];
}

/** A Gemini Interactions client with client-executed tool search; see {@link createInteractionsClient}. */
export interface InteractionsClient {
  run(params: InteractionsRunParams, options: InteractionsRunOptions): Promise<InteractionsRunResult>;
  readonly toolSearch: InteractionsToolSearch;
  /** The `session` option; undefined when each run has its own. */
  readonly session: DiscoverySession | undefined;
  readonly memory: DeploymentMemory;
}
