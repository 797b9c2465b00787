import type { Catalog, CatalogTool, Provider, ReasonCode, ToolLoadingPlan, ToolSearchDecision } from '@loadout/core';
import type { CacheControl, RequestToolDefinition, ToolResultBlock } from '../api-types.js';
import type { ToolSearchMode } from './tool-search-options.js';
import type { RequestCost, SearchCost } from '@loadout/core/adapter';

/**
 * Why a request does or does not use tool search: the policy's reason code,
 * or `deployment-rejects` (the deployment is known to reject tool search, see
 * `createDeploymentMemory`), or `nothing-deferred` (the policy is on but no
 * tool is deferrable, so there is nothing to search).
 */
export type ToolSearchRequestReason = ReasonCode | 'deployment-rejects' | 'nothing-deferred';

/** Options of {@link ToolSearch.request}. */
export interface ToolSearchRequestOptions {
  /**
   * Where the request goes. It replaces `ANTHROPIC_BASE_URL` in the policy's
   * `env`, so the gateway rules see the real destination. Default: the
   * policy's own `env`.
   */
  readonly baseURL?: string;
  /** Load everything upfront, without the search tool or the beta (a deployment that rejects tool search). Default false. */
  readonly disabled?: boolean;
  /** A cache breakpoint to put on the last tool that is not deferred. Default: none. */
  readonly cacheControl?: CacheControl;
}

/** The tool part of one request; see {@link ToolSearch.request}. */
export interface ToolSearchRequest {
  /** The request's `tools`: the search tool first (when used), then every catalog tool in catalog order. */
  readonly tools: RequestToolDefinition[];
  /** Betas the request needs: the tool-search beta when tool search is used, else none. */
  readonly betas: string[];
  /** Whether this request uses tool search (a search tool and deferred tools). */
  readonly toolSearch: 'on' | 'off';
  readonly reason: ToolSearchRequestReason;
  /** The search tool's definition, or null when tool search is off. */
  readonly searchTool: RequestToolDefinition | null;
  /** API names sent with `defer_loading: true`, in catalog order. */
  readonly deferred: readonly string[];
  /** API names sent plain (the search tool not included), in catalog order. */
  readonly upfront: readonly string[];
  /** The policy's decision for this turn. */
  readonly decision: ToolSearchDecision;
  /** The full plan behind it. */
  readonly plan: ToolLoadingPlan;
  /**
   * What `tools` cost ({@link RequestCost}, each rendered definition's JSON
   * counted with the plan's counter): `upfront` the definitions the model
   * reads (the search tool and the plain tools; the API does not read
   * `defer_loading` ones until a `tool_reference` names them), `deferred`
   * those kept out, `bytes` the JSON sent. `loadout plan --adapter anthropic`
   * prints these figures.
   */
  readonly tokens: RequestCost;
}

/** The parts of a `tool_use` block an answer needs. */
export interface ToolUseLike {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** Tool search for one conversation; see {@link createToolSearch}. */
export interface ToolSearch {
  readonly mode: ToolSearchMode;
  /** The policy's provider (default `anthropic`); a `foundry` deployment starts without tool search. */
  readonly provider: Provider;
  readonly catalog: Catalog;
  /** The name the model calls search by: the custom tool's in `client` mode, the API tool's otherwise. */
  readonly searchToolName: string;
  /** A sentence for the system prompt naming what can be searched ("You can search for tools to interact with Slack and GitHub."); empty when nothing is deferrable. */
  readonly summary: string;
  /**
   * Plans this turn and returns the request's tools. Stateful only through
   * the conversation policy: once `auto` switched on it stays on.
   */
  request(options?: ToolSearchRequestOptions): ToolSearchRequest;
  /**
   * Answers a call of the client-side search tool with a `tool_result` whose
   * content is `tool_reference` blocks of the best deferred tools. Never
   * rejects: a bad query, a failing ranker or a call in a server mode
   * yields a `tool_result` with `is_error: true` and a message naming the
   * problem; no match yields a text result saying so.
   */
  answer(toolUse: ToolUseLike): Promise<ToolResultBlock>;
  /** Whether a response block is a call this object answers (a `tool_use` of the client-side search tool). */
  isSearchCall(block: { readonly type: string; readonly name?: string }): boolean;
  /** The catalog tool sent under this API name (tool_use `name`, tool_reference `tool_name`). */
  toolFor(apiName: string): CatalogTool | undefined;
  /**
   * Call this when you run a tool the model called (the `tool_use` block's
   * `name`) in a loop of your own; `createMessagesClient` already reports
   * each `tool_result` sent back through it. With `recordUsage`, the positive of the recent search that
   * found the tool is recorded; otherwise, for a tool no recent search
   * found, a call you refused (do not report it), or a name not in the
   * catalog, it does nothing. Never throws.
   */
  called(apiName: string): void;
  /**
   * What a search answer loading these tools (API names; unknown ones
   * skipped) adds to the context, without searching: the referenced
   * definitions the API expands plus the `tool_result` of references.
   */
  searchCost(apiNames: readonly string[]): SearchCost;
  /** Forgets the conversation's `auto` activation and, for `recordUsage`, its searches (a new conversation). */
  reset(): void;
}
