import type { Catalog, CatalogTool, DeferralPlan, ToolSearchAnswer } from '@loadout/core';
import type { RequestCost, SearchCost, ToolSearchKitOptions } from '@loadout/core/adapter';
import type {
  FunctionCallItem,
  FunctionCallOutputItem,
  FunctionToolDefinition,
  ResponsesToolDefinition,
  ToolSearchCallItem,
  ToolSearchOutputItem,
  ResponseInputItem,
} from './responses-types.js';

/** Options of {@link createResponsesToolSearch}: the kit's (catalog, ranker, mods, limits) plus how tools are laid out. */
export interface ResponsesToolSearchOptions extends ToolSearchKitOptions {
  /** Group functions of one server in a `namespace` tool (upfront tools and search answers). Default false. */
  readonly namespaces?: boolean;
  /**
   * Also declare the deferred functions in the request with
   * `defer_loading: true` (the model sees their names and descriptions; the
   * request grows with the catalog). Default false: the `tool_search` tool's
   * description carries the catalog summary and the answers inject the
   * definitions.
   */
  readonly declareDeferred?: boolean;
  /** Most functions one request declares. An integer 1–128; default 128 (the API's limit). */
  readonly maxFunctions?: number;
  /**
   * Opt-in usage recording: called with a positive event `{ query, called:
   * [displayName], at }` (the search's query, the tool's display name, the
   * time in ms) each time a catalog tool that one of this object's recent
   * searches found is run: by `createResponsesClient`'s `run` just before
   * `callTool` runs it, or by you through {@link ResponsesToolSearch.called}.
   * Calls refused (`tool-not-loaded`, `unknown-tool`, arguments that are not
   * JSON) and the search tool itself record nothing; each search and tool
   * count once, `select:` queries never (core's `createUsageTracker`: the
   * newest 20 searches). One tracker per object, so give each concurrent
   * conversation its own. It must not block; e.g.
   * `createFeedbackRecorder(store).record` of `@loadout/learn/feedback`.
   * What it throws is ignored. Default: none (nothing is recorded).
   */
  readonly recordUsage?: ToolSearchKitOptions['recordUsage'];
}

/**
 * How a request offers tools:
 * - `tool-search`: a client-executed `tool_search` tool plus the upfront functions;
 * - `upfront`: every tool as a plain function (tool search off or rejected, and the catalog fits `maxFunctions`);
 * - `plain-search`: tool search rejected and the catalog does not fit: a `search_tools` *function*
 *   answered with the definitions as JSON, and the functions it found added to later requests.
 */
export type ResponsesToolMode = 'tool-search' | 'upfront' | 'plain-search';

/** Options of {@link ResponsesToolSearch.request}. */
export interface ResponsesRequestOptions {
  /** The deployment rejects `tool_search`: plan without it. Default false. */
  readonly disabled?: boolean;
  /**
   * API names loaded in the conversation, least recently loaded or used
   * first (added as functions in `plain-search` mode; those over
   * `maxFunctions` are left out, oldest first, and named in `unloaded`).
   * Default: none.
   */
  readonly loaded?: readonly string[];
}

/** The tool part of one request. */
export interface ResponsesToolsRequest {
  /** The request's `tools`. */
  readonly tools: ResponsesToolDefinition[];
  readonly mode: ResponsesToolMode;
  /** `on` in `tool-search` and `plain-search` mode. */
  readonly toolSearch: 'on' | 'off';
  /** API names only a search can load, in catalog order. */
  readonly deferred: readonly string[];
  /** API names declared as callable functions, in catalog order. */
  readonly upfront: readonly string[];
  /** The plan behind it ({@link planDeferral}'s output). */
  readonly plan: DeferralPlan;
  /** Loaded tools (from `loaded`) this request could not declare within `maxFunctions`, oldest first: unload them from the conversation's session (a search loads them again). Empty but in `plain-search` mode. */
  readonly unloaded: readonly string[];
  /** Token accounting; see {@link RequestTokens}. */
  readonly tokens: RequestTokens;
}

/**
 * What a request's tools cost ({@link RequestCost}, counted with the plan's
 * counter over each rendered definition's JSON): `upfront` is every
 * definition the model reads up front, the search tool included;
 * `deferred` the definitions only a search can bring in, as an answer
 * carries them; `bytes` the `tools` array's JSON. `loadout plan --adapter`
 * prints these figures.
 */
export type RequestTokens = RequestCost;

/** What answering one search call produced. */
export interface ResponsesSearchAnswer {
  /** The input item to send back: `tool_search_output`, or `function_call_output` in `plain-search` mode. */
  readonly output: (ToolSearchOutputItem | FunctionCallOutputItem) & ResponseInputItem;
  /** API names it loads, best first. */
  readonly loaded: readonly string[];
  /**
   * Loaded tools (from the `loaded` option) that loading these pushes past
   * `maxFunctions` in `plain-search` mode, least recently used first; the
   * JSON output names them too (`unloaded`, with a `note`). Unload them
   * from the conversation's session. Empty otherwise.
   */
  readonly unloaded: readonly string[];
  /** For the model when the search failed or found nothing, else null. In `tool-search` mode send it as a developer message after the output (the output item has no text). */
  readonly message: string | null;
  /** The kernel's answer. */
  readonly answer: ToolSearchAnswer;
  /** Definition tokens this answer loads into the context (`cost.definitions`). */
  readonly tokens: number;
  /** Everything the answer adds to the context: the loaded definitions plus the item's envelope (and, for a failed search, the message). */
  readonly cost: SearchCost;
}

/** Client-executed tool search for the Responses API; see {@link createResponsesToolSearch}. */
export interface ResponsesToolSearch {
  readonly catalog: Catalog;
  /** The catalog summary the `tool_search` description carries. */
  readonly summary: string;
  /** Name of the plain fallback's search function. */
  readonly searchToolName: string;
  /** Most functions one request declares (the `maxFunctions` option). */
  readonly maxFunctions: number;
  /** Plans this turn and returns the request's tools. */
  request(options?: ResponsesRequestOptions): ResponsesToolsRequest;
  /**
   * Answers a `tool_search_call` with a `tool_search_output` of the same
   * `call_id` (or, in `plain-search` mode, a `search_tools` function call
   * with a JSON `function_call_output`), holding the best deferred tools'
   * function definitions after mods. Tools `isLoaded` says are loaded are
   * not returned again. Never rejects: a bad query answers no tools and a
   * `message` for the model. In `plain-search` mode, `loaded` (the
   * conversation's loaded tools, least recently used first) lets it unload
   * the oldest when the found ones would not fit the next request
   * ({@link ResponsesSearchAnswer.unloaded}).
   */
  answer(
    call: ToolSearchCallItem | FunctionCallItem,
    options?: { readonly isLoaded?: (apiName: string) => boolean; readonly loaded?: readonly string[] },
  ): Promise<ResponsesSearchAnswer>;
  /** Whether an output item is a search call this object answers. */
  isSearchCall(item: { readonly type?: unknown; readonly name?: unknown; readonly execution?: unknown }): boolean;
  /** The catalog tool sent under this API name. */
  toolFor(apiName: string): CatalogTool | undefined;
  /** Whether the tool is reachable only through a search (deferred in the last plan). */
  isDeferred(apiName: string): boolean;
  /** The function definition of a catalog tool (description after mods). */
  functionFor(apiName: string): FunctionToolDefinition | undefined;
  /**
   * Call this when you run a tool the model called (its API name), if you
   * run function calls yourself; `createResponsesClient`'s `run` calls it
   * for you. With `recordUsage`, the positive of the recent search that
   * found the tool is recorded; otherwise, for a tool no recent search
   * found, or a name not in the catalog, it does nothing. Never throws.
   */
  called(apiName: string): void;
  /**
   * What an answer loading these tools (API names; unknown ones are
   * skipped) costs, without searching: in `tool-search` mode (default) a
   * `tool_search_output`, in `plain-search` mode a JSON function output plus
   * the functions later requests declare.
   */
  searchCost(apiNames: readonly string[], options?: { readonly mode?: 'tool-search' | 'plain-search' }): SearchCost;
}
