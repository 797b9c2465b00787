import type { Catalog, CatalogTool, DeferralPlan, ToolSearchAnswer } from '@loadout/core';
import type { SearchCost, ToolSearchAdapterRequest, ToolSearchKitOptions } from '@loadout/core/adapter';
import type { GeminiFunctionCall, GeminiFunctionDeclaration, GeminiFunctionResponse, GeminiFunctionTool } from './gemini-types.js';

/**
 * Options of {@link createGeminiToolSearch}: the kit's (catalog or tools,
 * ranker, mods, `toolSearch`, `searchToolName`, `limit` 1–100 default 5,
 * `maxLimit` default 10, `querySyntax`, `recordUsage`).
 */
export type GeminiToolSearchOptions = ToolSearchKitOptions;

/**
 * How a request offers tools:
 * - `search`: the search function plus the upfront functions and the ones the conversation loaded;
 * - `upfront`: every tool as a function (tool search off, nothing deferrable, or the deployment rejected the search request).
 */
export type GeminiToolMode = 'search' | 'upfront';

/** Options of {@link GeminiToolSearch.request}. */
export interface GeminiRequestOptions {
  /** The deployment rejects the search request: declare every tool upfront. Default false. */
  readonly disabled?: boolean;
  /**
   * API names loaded in the conversation, least recently loaded or used
   * first (declared after the upfront functions; those over 512
   * declarations are left out, oldest first, and named in `unloaded`).
   * Default: none.
   */
  readonly loaded?: readonly string[];
}

/** The tool part of one `generateContent` request: core's {@link ToolSearchAdapterRequest} with Gemini's tools and its mode. */
export interface GeminiToolsRequest extends ToolSearchAdapterRequest {
  /** The request's `config.tools`: one entry holding every function declaration (none when the catalog is empty). */
  readonly tools: GeminiFunctionTool[];
  readonly mode: GeminiToolMode;
  /** API names declared as callable functions: the upfront tools in catalog order, then the loaded ones. */
  readonly upfront: readonly string[];
  readonly plan: DeferralPlan;
  /** Loaded tools (from `loaded`) this request could not declare within 512 declarations, oldest first: unload them from the conversation's session (a search loads them again). */
  readonly unloaded: readonly string[];
}

/** What answering one search call produced. */
export interface GeminiSearchAnswer {
  /** The `functionResponse` to send back (same `id` as the call): `{ loaded, tools }`, or `{ loaded: [], error }`. */
  readonly response: GeminiFunctionResponse;
  /** API names it loads, best first. */
  readonly loaded: readonly string[];
  /** Loaded tools (from the `loaded` option) that loading these pushes past 512 declarations, least recently used first; the response names them too (`unloaded`, with a `note`). Unload them from the conversation's session. */
  readonly unloaded: readonly string[];
  /** For the model when the search failed or found nothing (the response's `error`), else null. */
  readonly message: string | null;
  /** The kernel's answer. */
  readonly answer: ToolSearchAnswer;
  /** What the answer adds to the context: the loaded declarations (in every later request) plus the response. */
  readonly cost: SearchCost;
}

/** Tool search for the Gemini API; see {@link createGeminiToolSearch}. */
export interface GeminiToolSearch {
  readonly catalog: Catalog;
  /** The catalog summary the search function's description carries. */
  readonly summary: string;
  readonly searchToolName: string;
  /** Most function declarations one request carries (512, `@google/genai`'s documented limit). */
  readonly maxFunctions: number;
  /** Plans this turn and returns the request's tools. */
  request(options?: GeminiRequestOptions): GeminiToolsRequest;
  /**
   * Answers a call of the search function with a `functionResponse` holding
   * the best deferred tools' declarations (descriptions after mods), never a
   * tool `isLoaded` says is loaded. Never rejects: a bad query answers no
   * tools and an `error` for the model. `loaded` (the conversation's
   * loaded tools, least recently used first) lets it unload the oldest when
   * the found ones would not fit the next request
   * ({@link GeminiSearchAnswer.unloaded}).
   */
  answer(
    call: GeminiFunctionCall,
    options?: { readonly isLoaded?: (apiName: string) => boolean; readonly loaded?: readonly string[] },
  ): Promise<GeminiSearchAnswer>;
  /** Whether a function call is a search this object answers (a call of the search function while the last request offered it). */
  isSearchCall(call: GeminiFunctionCall): boolean;
  /** The catalog tool sent under this API name. */
  toolFor(apiName: string): CatalogTool | undefined;
  /** The function declaration of a catalog tool (description after mods). */
  functionFor(apiName: string): GeminiFunctionDeclaration | undefined;
  /** Whether the tool is reachable only through a search (deferred in the last request). */
  isDeferred(apiName: string): boolean;
  /**
   * Call this when you run a tool the model called (its API name), if you
   * run function calls yourself; `createGeminiClient`'s `run` calls it for
   * you. With `recordUsage`, the positive of the recent search that found
   * the tool is recorded. Never throws.
   */
  called(apiName: string): void;
  /** What an answer loading these tools (API names; unknown ones skipped) costs, without searching. */
  searchCost(apiNames: readonly string[]): SearchCost;
}
