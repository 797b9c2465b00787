import type { Catalog, CatalogTool, DeferralPlan, ToolSearchAnswer } from '@loadout/core';
import type { SearchCost, ToolSearchAdapterRequest } from '@loadout/core/adapter';
import type { GeminiToolMode } from './gemini-tool-search-types.js';
import type { InteractionsFunction, InteractionsTool, ToolSearchCallStep, ToolSearchResultStep } from './interactions-types.js';

/** The tool part of one `interactions.create` request: core's {@link ToolSearchAdapterRequest} with the Interactions tools and the mode. */
export interface InteractionsToolsRequest extends ToolSearchAdapterRequest {
  /** The request's `tools`: the `tool_search` tool (in `search` mode), then the upfront functions. */
  readonly tools: InteractionsTool[];
  /** `search`: the tool search tool plus the upfront functions; `upfront`: every tool as a function. */
  readonly mode: GeminiToolMode;
  readonly plan: DeferralPlan;
}

/** What answering one `tool_search_call` produced. */
export interface InteractionsSearchAnswer {
  /** The `tool_search_result` step to send back (same `call_id`): the found functions, none when the search failed. */
  readonly result: ToolSearchResultStep;
  /** API names it loads, best first. */
  readonly loaded: readonly string[];
  /** For the model when the search failed or found nothing (`createInteractionsClient` sends it as a `user_input` text), else null. */
  readonly message: string | null;
  /** The kernel's answer. */
  readonly answer: ToolSearchAnswer;
  /** What the answer adds to the context: the loaded functions plus the step's envelope (and the message). */
  readonly cost: SearchCost;
}

/** Client-executed tool search for Gemini's Interactions API; see {@link createInteractionsToolSearch}. */
export interface InteractionsToolSearch {
  readonly catalog: Catalog;
  /** The catalog summary the tool search tool's description carries. */
  readonly summary: string;
  /** The tool search tool's `name`. */
  readonly searchToolName: string;
  /** Plans this turn and returns the request's tools; `disabled` sends every tool as a function (the deployment rejects `tool_search`). */
  request(options?: { readonly disabled?: boolean }): InteractionsToolsRequest;
  /**
   * Answers a `tool_search_call` (`{ query, limit? }`, or `function_names`)
   * with the best deferred functions, never one `isLoaded` says is loaded.
   * Never rejects: a bad query answers no functions and a `message`.
   */
  answer(call: ToolSearchCallStep, options?: { readonly isLoaded?: (apiName: string) => boolean }): Promise<InteractionsSearchAnswer>;
  /** Whether a step is a `tool_search_call` this object answers (the last request offered the tool search tool). */
  isSearchCall(step: unknown): step is ToolSearchCallStep;
  /** The catalog tool sent under this API name. */
  toolFor(apiName: string): CatalogTool | undefined;
  /** The function of a catalog tool (description after mods). */
  functionFor(apiName: string): InteractionsFunction | undefined;
  /** Whether the tool is reachable only through a search (deferred in the last request). */
  isDeferred(apiName: string): boolean;
  /** Call this when you run a tool the model called, if you run calls yourself (records usage with `recordUsage`). Never throws. */
  called(apiName: string): void;
  /** What an answer loading these tools (API names; unknown ones skipped) costs, without searching. */
  searchCost(apiNames: readonly string[]): SearchCost;
}
