import { createLoadoutError } from '@loadout/core';
import type { DeclarativeMod, DeferralPlan, Mod, PolicyInput, Ranker, ServerSettings, TokenCounter, ToolInput, ToolLoadingPlan } from '@loadout/core';
import type { RequestCost, SearchCost } from '@loadout/core/adapter';
import { closestName } from '../io/closest-name.js';

/**
 * The adapters `loadout plan --adapter` renders a first request for. The
 * names are part of `plan --json`'s contract (`adapter.name`).
 */
export const PLAN_ADAPTERS = ['anthropic', 'openai-responses', 'openai-chat', 'openai-chat-tool-reference', 'ai-sdk'] as const;

/** One of {@link PLAN_ADAPTERS}. */
export type PlanAdapterName = (typeof PLAN_ADAPTERS)[number];

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
  readonly name: PlanAdapterName;
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
  /** Claude's policy input (the `anthropic` adapter only). */
  readonly policy: PolicyInput;
  readonly tokenCounter: TokenCounter;
}

/** An adapter's plan: where every tool goes (`anthropic`: Claude's {@link ToolLoadingPlan}) and the request view. */
export interface PlannedAdapter {
  readonly plan: DeferralPlan | ToolLoadingPlan;
  readonly view: PlanAdapterView;
}

const DEFAULT_LIMIT = 5;

/** Reads `--adapter`: one of {@link PLAN_ADAPTERS}, else `invalid-option` with the closest name. */
export function readPlanAdapter(value: string): PlanAdapterName {
  if ((PLAN_ADAPTERS as readonly string[]).includes(value)) return value as PlanAdapterName;
  const near = closestName(value, PLAN_ADAPTERS);
  throw createLoadoutError(
    'invalid-option',
    `--adapter must be one of ${PLAN_ADAPTERS.join(', ')}, got ${JSON.stringify(value)}${near === undefined ? '' : `; did you mean ${near}?`}`,
    { flag: 'adapter', value },
  );
}

/** What every adapter's first request gives the plan, in the same terms. */
interface AdapterRequest {
  readonly plan: DeferralPlan | ToolLoadingPlan;
  readonly toolSearch: 'on' | 'off';
  readonly upfront: readonly string[];
  readonly deferred: readonly string[];
  readonly tokens: RequestCost;
  /** What a search loading these API names costs. */
  readonly searchCost: (names: readonly string[]) => SearchCost;
  /** The {@link PlanAdapterView.searchTool} text when tool search is on. */
  readonly searchTool: string;
}

/** The adapter-neutral options the OpenAI and AI SDK adapters take (a fresh BM25 ranker each). */
type NeutralOptions = Pick<PlanAdapterInput, 'tools' | 'servers' | 'mods'> & {
  readonly ranker: Ranker;
  readonly planOptions: { readonly tokenCounter: TokenCounter; readonly mods: readonly Mod[] };
};

/** What differs between adapters: the package, how a search's definitions reach the model, and how the first request is rendered. */
interface AdapterEntry {
  readonly package: string;
  /** {@link PlanSearchCost.loadedBy}. */
  readonly loadedBy: string;
  /** Renders the first request with the adapter's own code (loaded on demand: plain `loadout plan` loads no adapter). */
  readonly render: (input: PlanAdapterInput, neutral: NeutralOptions) => Promise<AdapterRequest>;
}

/** The tool search object the Anthropic and OpenAI adapters return: its first request and what a search costs. */
interface AdapterSearch {
  request(): Omit<AdapterRequest, 'searchCost' | 'searchTool'>;
  searchCost(names: readonly string[]): SearchCost;
}

function fromSearch(search: AdapterSearch, searchTool: string): AdapterRequest {
  return { ...search.request(), searchCost: (names) => search.searchCost(names), searchTool };
}

function chatEntry(mode: 'plain' | 'tool-reference'): AdapterEntry {
  const plain = mode === 'plain';
  return {
    package: '@loadout/openai/chat',
    loadedBy: plain ? 'a JSON copy in the tool message, then the functions in every later request' : 'tool_reference blocks; the gateway expands the definitions sent with defer_loading',
    async render(_input, neutral) {
      const { createChatToolSearch } = await import('@loadout/openai/chat');
      const search = createChatToolSearch({ ...neutral, mode });
      return fromSearch(search, `${search.searchToolName} (function; ${plain ? 'answered with the definitions as JSON' : 'answered with tool_reference blocks'})`);
    },
  };
}

const ADAPTERS: Readonly<Record<PlanAdapterName, AdapterEntry>> = {
  anthropic: {
    package: '@loadout/anthropic',
    loadedBy: 'tool_reference blocks; the API expands the definitions sent with defer_loading',
    async render(input, neutral) {
      const { createToolSearch } = await import('@loadout/anthropic');
      const { tools: _tools, servers: _servers, ...policy } = input.policy;
      const search = createToolSearch({ tools: input.tools, servers: input.servers, ranker: neutral.ranker, planOptions: neutral.planOptions, policy });
      return fromSearch(search, `${search.searchToolName} (custom tool answered with tool_reference blocks)`);
    },
  },
  'openai-responses': {
    package: '@loadout/openai',
    loadedBy: 'the tool_search_output carries the function definitions',
    async render(_input, neutral) {
      const { createResponsesToolSearch } = await import('@loadout/openai');
      const search = createResponsesToolSearch(neutral);
      return fromSearch(search, 'tool_search (execution: client)');
    },
  },
  'openai-chat': chatEntry('plain'),
  'openai-chat-tool-reference': chatEntry('tool-reference'),
  'ai-sdk': {
    package: '@loadout/ai-sdk',
    loadedBy: 'activeTools adds the definitions to the later steps',
    async render(_input, neutral) {
      const { planAiSdkRequest } = await import('@loadout/ai-sdk/plan');
      const request = planAiSdkRequest(neutral);
      return {
        plan: request.plan,
        toolSearch: request.toolSearch,
        // The first active tool is the search tool when tool search is on.
        upfront: request.toolSearch === 'on' ? request.activeTools.slice(1) : request.activeTools,
        deferred: request.plan.tools.filter((tool) => tool.deferred).map((tool) => tool.apiName),
        tokens: request.tokens,
        searchCost: request.searchCost,
        searchTool: 'search_tools (a tool; prepareStep sets activeTools)',
      };
    },
  },
};

function searchView(request: AdapterRequest, loadedBy: string): PlanSearchCost | null {
  const { deferred } = request;
  if (request.toolSearch !== 'on' || deferred.length === 0) return null;
  const fixedTokens = request.searchCost([]).total;
  const perToolTokens = Math.round(((request.searchCost(deferred).total - fixedTokens) / deferred.length) * 10) / 10;
  return { limit: DEFAULT_LIMIT, fixedTokens, perToolTokens, typicalTokens: Math.round(fixedTokens + DEFAULT_LIMIT * perToolTokens), loadedBy };
}

/**
 * Renders the first request of `name`'s adapter for the catalog with the
 * adapter's own code (so the figures are what it sends), and what a search
 * costs. `anthropic` plans with Claude's policy (as plain `loadout plan`);
 * the others defer every deferrable tool (their `toolSearch` default).
 */
export async function planAdapter(name: PlanAdapterName, input: PlanAdapterInput): Promise<PlannedAdapter> {
  // Loaded here, not at the top: plain `loadout plan` loads no ranker.
  const { createBm25Ranker } = await import('@loadout/bm25');
  const entry = ADAPTERS[name];
  const neutral: NeutralOptions = {
    tools: input.tools,
    servers: input.servers,
    mods: input.mods,
    ranker: createBm25Ranker(),
    planOptions: { tokenCounter: input.tokenCounter, mods: input.programmaticMods },
  };
  const request = await entry.render(input, neutral);
  const on = request.toolSearch === 'on';
  return {
    plan: request.plan,
    view: {
      name,
      package: entry.package,
      toolSearch: request.toolSearch,
      searchTool: on ? request.searchTool : null,
      upfront: request.upfront,
      deferred: request.deferred,
      tokens: request.tokens,
      search: searchView(request, entry.loadedBy),
    },
  };
}
