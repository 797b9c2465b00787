import type { Catalog, CatalogTool, DeferralPlan, ToolSearchAnswer } from '@loadout/core';
import type { SearchCost, ToolSearchKitOptions } from '@loadout/core/adapter';
import type { RequestTokens } from '../responses/responses-tool-search-types.js';
import type { ChatFunctionTool, ChatToolCall, ChatToolMessage } from './chat-types.js';

/**
 * How a gateway loads what a search found:
 * - `tool-reference`: deferred functions are declared with `defer_loading: true`
 *   and the search is answered with `tool_reference` blocks (OpenRouter, Baseten
 *   and other gateways with tool search);
 * - `plain`: any Chat Completions server: the search is answered with the
 *   definitions as JSON and the found functions join the next requests.
 */
export type ChatToolSearchMode = 'tool-reference' | 'plain';

/** Options of {@link createChatToolSearch}. */
export interface ChatToolSearchOptions extends ToolSearchKitOptions {
  /** Default `plain`. */
  readonly mode?: ChatToolSearchMode;
  /** Most functions one request declares in `plain` mode (upfront, the search function and loaded tools). An integer 2–128; default 128. */
  readonly maxFunctions?: number;
  /**
   * Opt-in usage recording: called with a positive event `{ query, called:
   * [displayName], at }` (the search's query, the tool's display name, the
   * time in ms) each time a catalog tool that one of this object's recent
   * searches found is run: by `createChatClient`'s `run` just before
   * `callTool` runs it, or by you through {@link ChatToolSearch.called}.
   * Calls refused (`tool-not-loaded`, `unknown-tool`, arguments that are not
   * JSON) and the search function itself record nothing; each search and
   * tool count once, `select:` queries never (core's `createUsageTracker`:
   * the newest 20 searches). One tracker per object, so give each concurrent
   * conversation its own. It must not block; e.g.
   * `createFeedbackRecorder(store).record` of `@loadout/learn/feedback`.
   * What it throws is ignored. Default: none (nothing is recorded).
   */
  readonly recordUsage?: ToolSearchKitOptions['recordUsage'];
}

/** Options of {@link ChatToolSearch.request}. */
export interface ChatRequestOptions {
  /** The gateway rejects `defer_loading` / `tool_reference`: use `plain` mode. Default false. */
  readonly disabled?: boolean;
  /**
   * API names loaded in the conversation, least recently loaded or used
   * first (declared as functions in `plain` mode; those over
   * `maxFunctions` are left out, oldest first, and named in `unloaded`).
   * Default: none.
   */
  readonly loaded?: readonly string[];
}

/** The tool part of one request. */
export interface ChatToolsRequest {
  readonly tools: ChatFunctionTool[];
  /** `upfront` when tool search is off or nothing is deferrable. */
  readonly mode: ChatToolSearchMode | 'upfront';
  readonly toolSearch: 'on' | 'off';
  /** API names only a search can load. */
  readonly deferred: readonly string[];
  /** API names callable in this request. */
  readonly upfront: readonly string[];
  readonly plan: DeferralPlan;
  /** Loaded tools (from `loaded`) this request could not declare within `maxFunctions`, oldest first: unload them from the conversation's session (a search loads them again). Empty but in `plain` mode. */
  readonly unloaded: readonly string[];
  /** What the tools cost ({@link RequestTokens}): tokens the model reads up front (search function included; gateways with tool search do not read `defer_loading` definitions until referenced), those only a search brings in, and the bytes sent. */
  readonly tokens: RequestTokens;
}

/** What answering one search call produced. */
export interface ChatSearchAnswer {
  readonly message: ChatToolMessage;
  /** API names it loads, best first. */
  readonly loaded: readonly string[];
  /**
   * Loaded tools (from the `loaded` option) that loading these pushes past
   * `maxFunctions` in `plain` mode, least recently used first; the JSON
   * answer names them too (`unloaded`, with a `note`). Unload them from the
   * conversation's session. Empty otherwise.
   */
  readonly unloaded: readonly string[];
  /** For the model when the search failed or found nothing (the JSON answer's `error`), else null. */
  readonly failure: string | null;
  readonly answer: ToolSearchAnswer;
  /** Definition tokens this answer loads into the context (`cost.definitions`). */
  readonly tokens: number;
  /** Everything the answer adds to the context: the loaded definitions plus the message (references, or the JSON copy in `plain` mode). */
  readonly cost: SearchCost;
}

/** Tool search for a Chat Completions gateway; see {@link createChatToolSearch}. */
export interface ChatToolSearch {
  readonly catalog: Catalog;
  readonly summary: string;
  readonly searchToolName: string;
  /** The configured mode (a request may fall back to `plain`). */
  readonly mode: ChatToolSearchMode;
  /** Most functions one `plain` request declares (the `maxFunctions` option). */
  readonly maxFunctions: number;
  request(options?: ChatRequestOptions): ChatToolsRequest;
  /**
   * Answers a call of the search function: `tool_reference` blocks (in
   * `tool-reference` mode) or JSON `{"loaded": [...], "tools": [...]}` with
   * the definitions (in `plain` mode); never a tool `isLoaded` says is
   * loaded. Never rejects: a bad query answers JSON `{"error": ...}`.
   * In `plain` mode, `loaded` (the conversation's loaded tools, least
   * recently used first) lets it unload the oldest when the found ones
   * would not fit the next request ({@link ChatSearchAnswer.unloaded}).
   */
  answer(
    call: ChatToolCall,
    options?: { readonly mode?: ChatToolSearchMode; readonly isLoaded?: (apiName: string) => boolean; readonly loaded?: readonly string[] },
  ): Promise<ChatSearchAnswer>;
  isSearchCall(call: ChatToolCall): boolean;
  /** What an answer loading these tools (API names; unknown ones skipped) costs in `mode` (default the configured one), without searching. */
  searchCost(apiNames: readonly string[], options?: { readonly mode?: ChatToolSearchMode }): SearchCost;
  toolFor(apiName: string): CatalogTool | undefined;
  /** The function definition of a catalog tool (description after mods). */
  functionFor(apiName: string): ChatFunctionTool | undefined;
  /** Whether the tool is reachable only through a search. */
  isDeferred(apiName: string): boolean;
  /**
   * Call this when you run a tool the model called (its API name), if you
   * run tool calls yourself; `createChatClient`'s `run` calls it for you.
   * With `recordUsage`, the positive of the recent search that found the
   * tool is recorded; otherwise, for a tool no recent search found, or a
   * name not in the catalog, it does nothing. Never throws.
   */
  called(apiName: string): void;
}
