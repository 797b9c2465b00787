import type { DeploymentMemory, FunctionCallHandler, ToolErrorOptions, ToolLoopResult, ToolSearchWarning } from '@loadout/core/adapter';
import type { DiscoverySession } from '@loadout/core/adapter';
import type { GeminiToolMode, GeminiToolSearch } from './gemini-tool-search-types.js';
import type { GeminiClientLike, GeminiContent, GenerateContentResponseLike } from './gemini-types.js';

/** Options of {@link createGeminiClient}. */
export interface GeminiClientOptions extends ToolErrorOptions {
  /** A `@google/genai` client (`new GoogleGenAI({ apiKey })`). */
  readonly client: GeminiClientLike;
  readonly toolSearch: GeminiToolSearch;
  /**
   * Names the deployment in `memory` together with the request's `model`
   * (the SDK keeps its base URL private): e.g. the `httpOptions.baseUrl`
   * you gave the client. Default `gemini`.
   */
  readonly deployment?: string;
  /** Deployments known to reject the search request; share one between clients. Default: a new one. */
  readonly memory?: DeploymentMemory;
  /** The loaded-tools session (core's discovery session) of the one conversation this client serves: every `run` uses it (and it tracks compaction across runs). Default: none, each `run` has its own, read from its contents, so one client serves concurrent conversations. */
  readonly session?: DiscoverySession;
  /** Called with each warning as it happens (they are also in each result): rejections, unloads, handler failures (`tool-failed`, with the full error). Default: none. */
  readonly onWarning?: (warning: ToolSearchWarning) => void;
  /** Requests one `run` may send before it hands back. An integer 1–100; default 16. */
  readonly maxSteps?: number;
}

/** What `run` accepts: a `models.generateContent` body; `config.tools` is added to. */
export interface GeminiRunParams {
  readonly model: string;
  /** The conversation: a user text, or contents. */
  readonly contents: string | readonly GeminiContent[];
  /** The request's config; its `tools` (your own function declarations) are sent after Loadout's. */
  readonly config?: { readonly tools?: readonly Readonly<Record<string, unknown>>[]; readonly [field: string]: unknown };
}

/** Options of one `run`. */
export interface GeminiRunOptions {
  /** Answers function calls (catalog tools and your own); what it throws becomes a `tool-failed` output the model sees (credentials masked, or `toolErrorMessage`) and a `tool-failed` warning with the full error; a non-object result is sent as `{ output }`. Required. */
  readonly callTool: FunctionCallHandler;
}

/** What one `run` did: the last response and the conversation, with the loop's facts ({@link ToolLoopResult}). */
export interface GeminiRunResult extends ToolLoopResult<GeminiToolMode> {
  /** The last response. */
  readonly response: GenerateContentResponseLike;
  /** Its text parts, joined. */
  readonly text: string;
  /** The whole conversation: the contents sent, every model turn and every function response. Append your next message to it. */
  readonly contents: GeminiContent[];
}

/** A Gemini client with client-side tool search; see {@link createGeminiClient}. */
export interface GeminiClient {
  run(params: GeminiRunParams, options: GeminiRunOptions): Promise<GeminiRunResult>;
  readonly toolSearch: GeminiToolSearch;
  /** The `session` option; undefined when each run has its own. */
  readonly session: DiscoverySession | undefined;
  readonly memory: DeploymentMemory;
}
