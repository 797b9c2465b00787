import { createConversationPolicy } from '@loadout/core';
import { countRequestTools, createToolSearchKit, searchCost } from '@loadout/core/adapter';
import type { SyncRanker, ToolLoadingPlan, ToolSearchDecision } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import type { CustomToolDefinition } from '../api-types.js';
import { catalogToolDefinition } from './catalog-tool-definition.js';
import { SERVER_SEARCH_TOOLS } from './constants.js';
import { placeCacheControl } from './place-cache-control.js';
import { readToolSearchOptions } from './read-tool-search-options.js';
import { searchResult } from './search-result.js';
import { searchToolDefinition } from './search-tool-definition.js';
import type { CreateToolSearchOptions } from './tool-search-options.js';
import type { ToolSearch, ToolSearchRequest, ToolSearchRequestOptions, ToolSearchRequestReason } from './tool-search-types.js';
import { errorResult, toolReferenceResult } from './tool-result.js';

const OWNER = 'createToolSearch';

/** The kit's ranker in the server modes, where the API answers searches: never searched (`answer` refuses first), it indexes and finds nothing. */
const ANSWERED_BY_THE_API: SyncRanker = { specificationVersion: 'v1', name: 'answered-by-the-api', size: 0, index() {}, add() {}, remove() {}, search: () => [] };

function requestReason(decision: ToolSearchDecision, disabled: boolean, deferredCount: number): ToolSearchRequestReason {
  if (decision.toolSearch === 'off') return decision.reason;
  if (disabled) return 'deployment-rejects';
  return deferredCount === 0 ? 'nothing-deferred' : decision.reason;
}

/**
 * Tool search for one conversation (create one per conversation; `auto`
 * stays on once it switched on). Each turn, {@link ToolSearch.request}
 * plans the catalog with core's policy and returns the request's `tools`:
 * deferred tools with `defer_loading: true`, the others plain, and the
 * search tool (`search_tools`, answered by {@link ToolSearch.answer}, or the
 * API's BM25 / regex tool). The requests it builds keep three rules: every
 * tool a result can reference is in the request (searches only return tools
 * the request defers), never is every tool deferred (the search tool is
 * always loaded), and no deferred tool carries `cache_control`. When the
 * policy says off, or nothing is deferrable, every tool is plain and there
 * is no search tool and no beta.
 *
 * It stands on core's tool-search kit (catalog, query syntax, index once,
 * search over the deferred tools, usage recording, the search tool's text),
 * with Claude's conversation policy as the kit's planner.
 *
 * With `recordUsage`, a client-side search followed by a run of one of its
 * hits is recorded: `createMessagesClient` reports each `tool_result` sent
 * back for a catalog tool (not marked `is_error`); a loop of your own reports runs with
 * {@link ToolSearch.called}.
 *
 * Throws `invalid-option` naming a bad option.
 */
export function createToolSearch(options: CreateToolSearchOptions): ToolSearch {
  const { mode, beta } = readToolSearchOptions(options);
  const tokenCounter = options.planOptions?.tokenCounter ?? defaultTokenCounter();
  const policy = createConversationPolicy({ ...options.planOptions, tokenCounter });
  const kit = createToolSearchKit<ToolLoadingPlan>(OWNER, {
    catalog: options.catalog,
    tools: options.tools,
    servers: options.servers,
    ranker: mode === 'client' ? options.ranker! : ANSWERED_BY_THE_API,
    searchToolName: mode === 'client' ? options.searchToolName : SERVER_SEARCH_TOOLS[mode].name,
    limit: options.limit,
    maxLimit: options.maxLimit,
    querySyntax: options.querySyntax,
    recordUsage: options.recordUsage,
    onWarning: options.onWarning,
    planner: ({ tools, servers }, { baseURL }) =>
      policy.plan({
        ...options.policy,
        ...(baseURL === undefined ? {} : { env: { ...options.policy.env, ANTHROPIC_BASE_URL: baseURL } }),
        tools,
        servers,
      }),
  });
  const { catalog, searchToolName } = kit;
  /** The definitions these tools are loaded with (what a `tool_reference` expands to), descriptions after mods. */
  const loadedDefinitions = (apiNames: readonly string[]): CustomToolDefinition[] =>
    apiNames.flatMap((name) => {
      const tool = catalog.byApiName.get(name);
      return tool === undefined ? [] : [catalogToolDefinition(tool, kit.planned(name)?.description ?? tool.description, false)];
    });

  const request = (requestOptions: ToolSearchRequestOptions = {}): ToolSearchRequest => {
    const disabled = requestOptions.disabled === true;
    const turn = kit.plan({ disabled, ...(requestOptions.baseURL === undefined ? {} : { baseURL: requestOptions.baseURL }) });
    const deferredCount = turn.tools.reduce((count, tool) => count + (tool.deferred ? 1 : 0), 0);
    const on = !disabled && turn.decision.toolSearch === 'on' && deferredCount > 0;
    const reason = requestReason(turn.decision, disabled, deferredCount);
    const deferred: string[] = [];
    const upfront: string[] = [];
    const definitions: CustomToolDefinition[] = [];
    for (const planned of turn.tools) {
      const tool = catalog.byDisplayName.get(planned.displayName);
      if (tool === undefined) continue;
      const isDeferred = on && planned.deferred;
      (isDeferred ? deferred : upfront).push(tool.apiName);
      definitions.push(catalogToolDefinition(tool, planned.description, isDeferred));
    }
    const searchTool = on ? searchToolDefinition(mode, kit) : null;
    const tools = placeCacheControl(searchTool === null ? definitions : [searchTool, ...definitions], requestOptions.cacheControl);
    return {
      tools,
      tokens: countRequestTools(tools, tokenCounter, loadedDefinitions(deferred)),
      betas: on && beta !== null ? [beta] : [],
      toolSearch: on ? 'on' : 'off',
      reason,
      searchTool,
      deferred,
      upfront,
      decision: turn.decision,
      plan: turn,
    };
  };

  return {
    mode,
    provider: options.policy.provider ?? 'anthropic',
    catalog,
    searchToolName,
    summary: kit.summary,
    request,
    async answer(toolUse) {
      if (mode !== 'client') return errorResult(toolUse.id, `${searchToolName} is answered by the API in ${mode} mode; there is nothing to answer here`);
      return searchResult(toolUse.id, await kit.search(toolUse.input));
    },
    isSearchCall(block) {
      return mode === 'client' && block.type === 'tool_use' && block.name === searchToolName;
    },
    toolFor(apiName) {
      return catalog.byApiName.get(apiName);
    },
    called: kit.called,
    searchCost(apiNames) {
      const known = apiNames.filter((name) => catalog.byApiName.has(name));
      return searchCost(loadedDefinitions(known), [toolReferenceResult('toolu_0', known)], tokenCounter);
    },
    reset() {
      policy.reset();
      kit.reset();
    },
  };
}
