import { createLoadoutError } from '@loadout/core';
import type { CatalogIssue, DeclarativeMod, DeferralPlan, Mod, PolicyInput, ServerSettings, TokenCounter, ToolInput, ToolLoadingPlan } from '@loadout/core';
import type { RequestCost, ToolSearchAdapter, ToolSearchAdapterDefinition, ToolSearchAdapterRequest } from '@loadout/core/adapter';
import { loadAdapterList } from './adapter-list.js';
import { closestName } from '../io/closest-name.js';

/** What one search costs with an adapter, when it loads `limit` tools of the catalog's average size. */
export interface PlanSearchCost {
  /** Tools a search loads when the model gives no limit (the adapters' default, 5). */
  readonly limit: number;
  /** Tokens an answer costs whatever it loads (its envelope). */
  readonly fixedTokens: number;
  /** Mean tokens each loaded tool adds (its definition in the adapter's form, plus its share of the answer), over every deferred tool. */
  readonly perToolTokens: number;
  /** `fixedTokens + limit × perToolTokens`, rounded: a search loading `limit` average tools. */
  readonly typicalTokens: number;
  /** Where the loaded definitions reach the model. */
  readonly loadedBy: string;
}

/** The `adapter` part of `plan --json`: the first request an adapter sends for the catalog, and what a search costs. */
export interface PlanAdapterView {
  /** The adapter's name (one of {@link loadAdapterList}'s); part of `plan --json`'s contract. */
  readonly name: string;
  /** The package and entry that renders it. */
  readonly package: string;
  /** `on` when the request carries a search tool and deferred tools. */
  readonly toolSearch: 'on' | 'off';
  /** How the request searches, e.g. `tool_search (execution: client)`; null when off. */
  readonly searchTool: string | null;
  /** API names callable in the first request, in catalog order (the search tool not included). */
  readonly upfront: readonly string[];
  /** API names only a search loads. */
  readonly deferred: readonly string[];
  /** What the first request's `tools` cost, as the adapter renders them. */
  readonly tokens: RequestCost;
  /** What a search costs; null when tool search is off. */
  readonly search: PlanSearchCost | null;
}

/** What the plan of one adapter needs from `loadout plan`. */
export interface PlanAdapterInput {
  readonly tools: readonly ToolInput[];
  readonly servers: Readonly<Record<string, ServerSettings>>;
  readonly mods: readonly DeclarativeMod[];
  readonly programmaticMods: readonly Mod[];
  /** Claude's policy input (read only by an adapter that plans with Claude's policy). */
  readonly policy: PolicyInput;
  readonly tokenCounter: TokenCounter;
}

/** An adapter's plan: where every tool goes (Claude's {@link ToolLoadingPlan} for an adapter with Claude's policy) and the request view. */
export interface PlannedAdapter {
  readonly plan: DeferralPlan | ToolLoadingPlan;
  /** Catalog tools the adapter left out (a tool under its search tool's name), with their issues. */
  readonly skipped: readonly CatalogIssue[];
  readonly view: PlanAdapterView;
}

const DEFAULT_LIMIT = 5;

/** Reads `--adapter`: the definition of one of {@link loadAdapterList}'s names, else `invalid-option` with the closest name. */
export async function readPlanAdapter(value: string): Promise<ToolSearchAdapterDefinition> {
  const definitions = await loadAdapterList();
  const found = definitions.find((definition) => definition.name === value);
  if (found !== undefined) return found;
  const names = definitions.map((definition) => definition.name);
  const near = closestName(value, names);
  throw createLoadoutError(
    'invalid-option',
    `--adapter must be one of ${names.join(', ')}, got ${JSON.stringify(value)}${near === undefined ? '' : `; did you mean ${near}?`}`,
    { flag: 'adapter', value },
  );
}

function searchView(adapter: ToolSearchAdapter, request: ToolSearchAdapterRequest, loadedBy: string): PlanSearchCost | null {
  const { deferred } = request;
  if (request.toolSearch !== 'on' || deferred.length === 0) return null;
  const fixedTokens = adapter.searchCost([]).total;
  const perToolTokens = Math.round(((adapter.searchCost(deferred).total - fixedTokens) / deferred.length) * 10) / 10;
  return { limit: DEFAULT_LIMIT, fixedTokens, perToolTokens, typicalTokens: Math.round(fixedTokens + DEFAULT_LIMIT * perToolTokens), loadedBy };
}

/**
 * Renders the first request of an adapter for the catalog with the
 * adapter's own code (so the figures are what it sends), and what a search
 * costs. An adapter with a provider's policy (Claude's) plans with it, as
 * plain `loadout plan`; the others defer every deferrable tool (their
 * `toolSearch` default).
 */
export async function planAdapter(definition: ToolSearchAdapterDefinition, input: PlanAdapterInput): Promise<PlannedAdapter> {
  // Loaded here, not at the top: plain `loadout plan` loads no ranker.
  const { createBm25Ranker } = await import('@loadout/bm25');
  const skipped: CatalogIssue[] = [];
  const adapter = definition.create({
    tools: input.tools,
    servers: input.servers,
    mods: input.mods,
    ranker: createBm25Ranker(),
    planOptions: { tokenCounter: input.tokenCounter, mods: input.programmaticMods },
    policy: policyWithoutTools(input.policy),
    // Tools the adapter itself leaves out (one under its search tool's name); the catalog's own issues were reported already.
    onWarning: (warning) => {
      if (warning.code === 'tool-skipped') skipped.push(warning.issue);
    },
  });
  const request = adapter.request();
  return {
    plan: request.plan,
    skipped,
    view: {
      name: definition.name,
      package: definition.package,
      toolSearch: request.toolSearch,
      searchTool: request.toolSearch === 'on' ? definition.searchTool : null,
      upfront: request.upfront,
      deferred: request.deferred,
      tokens: request.tokens,
      search: searchView(adapter, request, definition.loadedBy),
    },
  };
}

/** Claude's policy input without the tools (the adapters take them separately). */
function policyWithoutTools(policy: PolicyInput): Omit<PolicyInput, 'tools' | 'servers'> {
  const { tools: _tools, servers: _servers, ...rest } = policy;
  return rest;
}
