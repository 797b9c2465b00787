import { createConversationPolicy, summarizeCatalog, toToolInput, withQuerySyntax } from '@loadout/core';
import { countRequestTools, createUsageRecording, searchCost } from '@loadout/core/adapter';
import { indexOnce } from '@loadout/core/search';
import type { PlannedTool, PolicyInput, Ranker, ToolLoadingPlan, ToolSearchDecision } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import type { CustomToolDefinition } from '../api-types.js';
import { answerSearch } from './answer-search.js';
import { catalogToolDefinition } from './catalog-tool-definition.js';
import { placeCacheControl } from './place-cache-control.js';
import { readToolSearchOptions } from './read-tool-search-options.js';
import { searchToolDefinition } from './search-tool-definition.js';
import type { CreateToolSearchOptions } from './tool-search-options.js';
import type { ToolSearch, ToolSearchRequest, ToolSearchRequestOptions, ToolSearchRequestReason } from './tool-search-types.js';
import { errorResult, toolReferenceResult } from './tool-result.js';

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
 * With `recordUsage`, a client-side search followed by a run of one of its
 * hits is recorded: `createMessagesClient` reports each `tool_result` sent
 * back for a catalog tool (not marked `is_error`); a loop of your own reports runs with
 * {@link ToolSearch.called}.
 *
 * Throws `invalid-option` naming a bad option.
 */
export function createToolSearch(options: CreateToolSearchOptions): ToolSearch {
  const settings = readToolSearchOptions(options);
  const { catalog, mode, searchToolName } = settings;
  const tokenCounter = options.planOptions?.tokenCounter ?? defaultTokenCounter();
  const policy = createConversationPolicy({ ...options.planOptions, tokenCounter });
  const policyTools = catalog.tools.map(toToolInput);
  const ranker: Ranker | undefined = settings.ranker === undefined ? undefined : withQuerySyntax(settings.ranker, options.querySyntax);
  const summary = summarizeCatalog(catalog);
  const ready = ranker === undefined ? undefined : indexOnce(ranker, catalog.tools);
  const usage = createUsageRecording(catalog, options.recordUsage);
  let lastDeferred: ReadonlySet<string> | undefined;
  let lastPlanned: ReadonlyMap<string, PlannedTool> | undefined;
  /** The definitions these tools are loaded with (what a `tool_reference` expands to), descriptions after mods. */
  const loadedDefinitions = (apiNames: readonly string[]): CustomToolDefinition[] =>
    apiNames.flatMap((name) => {
      const tool = catalog.byApiName.get(name);
      return tool === undefined ? [] : [catalogToolDefinition(tool, lastPlanned?.get(name)?.description ?? tool.description, false)];
    });

  const plan = (baseURL: string | undefined): ToolLoadingPlan => {
    const input: PolicyInput = {
      ...options.policy,
      ...(baseURL === undefined ? {} : { env: { ...options.policy.env, ANTHROPIC_BASE_URL: baseURL } }),
      tools: policyTools,
      servers: catalog.servers,
    };
    return policy.plan(input);
  };

  const request = (requestOptions: ToolSearchRequestOptions = {}): ToolSearchRequest => {
    const turn = plan(requestOptions.baseURL);
    const disabled = requestOptions.disabled === true;
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
    const searchTool = on
      ? searchToolDefinition(mode, {
          name: searchToolName,
          toolCount: catalog.tools.length,
          limit: settings.limit,
          maxLimit: settings.maxLimit,
          maxQueryLength: settings.maxQueryLength,
          summary,
        })
      : null;
    lastDeferred = new Set(deferred);
    lastPlanned = new Map(turn.tools.map((planned) => [planned.apiName, planned]));
    const tools = placeCacheControl(searchTool === null ? definitions : [searchTool, ...definitions], requestOptions.cacheControl);
    return {
      tools,
      tokens: countRequestTools(tools, tokenCounter, loadedDefinitions(deferred)),
      betas: on && settings.beta !== null ? [settings.beta] : [],
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
    summary,
    request,
    answer(toolUse) {
      if (mode !== 'client' || ranker === undefined) {
        return Promise.resolve(
          errorResult(toolUse.id, `${searchToolName} is answered by the API in ${mode} mode; there is nothing to answer here`),
        );
      }
      let deferred: ReadonlySet<string> | undefined;
      return answerSearch(toolUse, {
        toolName: searchToolName,
        limit: settings.limit,
        maxLimit: settings.maxLimit,
        ranker,
        ...(ready === undefined ? {} : { ready }),
        filter: (tool) => (deferred ??= lastDeferred ?? new Set(request().deferred)).has(tool.apiName),
      }, usage.searched);
    },
    isSearchCall(block) {
      return mode === 'client' && block.type === 'tool_use' && block.name === searchToolName;
    },
    toolFor(apiName) {
      return catalog.byApiName.get(apiName);
    },
    called: usage.called,
    searchCost(apiNames) {
      if (lastPlanned === undefined) request();
      const known = apiNames.filter((name) => catalog.byApiName.has(name));
      return searchCost(loadedDefinitions(known), [toolReferenceResult('toolu_0', known)], tokenCounter);
    },
    reset() {
      policy.reset();
      lastDeferred = undefined;
      usage.reset();
    },
  };
}
