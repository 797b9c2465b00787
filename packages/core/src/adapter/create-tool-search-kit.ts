import { createCatalog } from '../catalog/create-catalog.js';
import type { Catalog } from '../catalog/catalog.js';
import { API_NAME_PATTERN } from '../catalog/api-name.js';
import { toToolInput } from '../catalog/to-tool-input.js';
import { createLoadoutError, describeValue, isLoadoutError } from '../errors/loadout-error.js';
import { createPlanCache } from '../plan/plan-cache.js';
import { planDeferral } from '../plan/plan-deferral.js';
import type { DeferralPlan, PlannedTool } from '../plan/plan-types.js';
import { withQuerySyntax } from '../ranking/with-query-syntax.js';
import { answerToolSearch } from '../search/answer-tool-search.js';
import { indexOnce } from '../search/index-once.js';
import { summarizeCatalog } from '../summary/summarize-catalog.js';
import { integerOption } from '../utils/number-option.js';
import { MAX_SEARCH_LIMIT } from '../utils/search-limit.js';
import { searchToolDescription, searchToolInputSchema } from './search-tool-definition.js';
import { skippedToolWarnings } from './tool-search-warning.js';
import { createUsageRecording } from './usage-recording.js';
import { withoutToolNamed } from './without-tool-named.js';
import type { KitPlannerInput, KitPlanOptions, ToolSearchKit, ToolSearchKitOptions } from './tool-search-kit-types.js';

const DEFAULT_LIMIT = 5;
const DEFAULT_MAX_LIMIT = 10;
const DEFAULT_MAX_QUERY_LENGTH = 500;

function invalid(owner: string, option: string, message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `${owner}: ${option} ${message}, got ${describeValue(value)}`, { option, value });
}

function readCatalog(owner: string, options: ToolSearchKitOptions<DeferralPlan>): Catalog {
  if ((options.catalog === undefined) === (options.tools === undefined)) {
    invalid(owner, 'catalog', 'or tools must be given (exactly one of them)', { catalog: options.catalog !== undefined, tools: options.tools !== undefined });
  }
  if (options.catalog !== undefined) return options.catalog;
  if (!Array.isArray(options.tools)) invalid(owner, 'tools', 'must be an array of tools', options.tools);
  try {
    return createCatalog(options.tools, { servers: { ...options.servers } });
  } catch (error) {
    if (isLoadoutError(error)) throw error;
    throw createLoadoutError('invalid-option', `${owner}: tools could not be made into a catalog, got ${describeValue(String(error))}`, { option: 'tools', value: String(error) }, { cause: error });
  }
}

/** The default planner: {@link planDeferral} with the options' mods, plan options (a plan cache shared by the turns) and `toolSearch`. */
function deferralPlanner<P extends DeferralPlan>(options: ToolSearchKitOptions<P>): (input: KitPlannerInput, planArguments: KitPlanOptions) => P {
  const planOptions = { ...options.planOptions, cache: options.planOptions?.cache ?? createPlanCache() };
  return ({ tools, servers }, planArguments) => {
    const toolSearch = planArguments.disabled === true ? false : (options.toolSearch ?? true);
    // Without a planner, P is DeferralPlan (its default).
    return planDeferral({ tools, servers, mods: options.mods ?? [], toolSearch }, planOptions) as P;
  };
}

/**
 * The shared engine of the provider adapters (one package each): checks the options every adapter takes, plans with
 * {@link planDeferral} (a plan cache shared by the turns) and answers
 * searches with {@link answerToolSearch} over the deferred tools, with the
 * descriptions mods gave them; a `planner` replaces `planDeferral` for a
 * provider with a policy of its own (Claude's). `owner` names the adapter's
 * factory in errors. A catalog tool sent under the search tool's name is
 * left out (a `catalog-duplicate-name` issue); every catalog issue is
 * passed to `onWarning` once, as a `tool-skipped` warning. Throws
 * `invalid-option` naming the first bad option.
 */
export function createToolSearchKit<P extends DeferralPlan = DeferralPlan>(owner: string, options: ToolSearchKitOptions<P>): ToolSearchKit<P> {
  if (typeof options !== 'object' || options === null) invalid(owner, 'options', 'must be an object', options);
  const given = readCatalog(owner, options);
  const { ranker } = options;
  if (typeof ranker !== 'object' || ranker === null || typeof ranker.search !== 'function') {
    invalid(owner, 'ranker', 'is required (a Loadout Ranker)', ranker);
  }
  const searchToolName = options.searchToolName ?? 'search_tools';
  if (typeof searchToolName !== 'string' || !API_NAME_PATTERN.test(searchToolName)) {
    invalid(owner, 'searchToolName', `must match ${String(API_NAME_PATTERN)}`, searchToolName);
  }
  const { onWarning } = options;
  if (onWarning !== undefined && typeof onWarning !== 'function') invalid(owner, 'onWarning', 'must be a function', onWarning);
  const catalog = withoutToolNamed(given, searchToolName, owner);
  for (const warning of skippedToolWarnings(catalog.issues)) onWarning?.(warning);
  const limit = integerOption(owner, 'limit', options.limit, DEFAULT_LIMIT, 1, MAX_SEARCH_LIMIT);
  const maxLimit = integerOption(owner, 'maxLimit', options.maxLimit, Math.max(limit, DEFAULT_MAX_LIMIT), limit, MAX_SEARCH_LIMIT);
  const searchRanker = withQuerySyntax(ranker, options.querySyntax);
  const ready = indexOnce(searchRanker, catalog.tools);
  const tools = catalog.tools.map(toToolInput);
  let last: { plan: P; byApiName: Map<string, PlannedTool>; disabled: boolean } | undefined;
  const { recordUsage, planner } = options;
  if (recordUsage !== undefined && typeof recordUsage !== 'function') invalid(owner, 'recordUsage', 'must be a function', recordUsage);
  if (planner !== undefined && typeof planner !== 'function') invalid(owner, 'planner', 'must be a function', planner);
  const usage = createUsageRecording(catalog, recordUsage);
  const planTurn = planner ?? deferralPlanner(options);

  const plan = (planArguments: KitPlanOptions = {}): P => {
    const result = planTurn({ tools, servers: catalog.servers }, planArguments);
    last = { plan: result, byApiName: new Map(result.tools.map((tool) => [tool.apiName, tool])), disabled: planArguments.disabled === true };
    return result;
  };
  const current = (): NonNullable<typeof last> => {
    if (last === undefined) plan();
    return last!;
  };

  const summary = summarizeCatalog(catalog);
  const maxQueryLength = options.querySyntax?.maxQueryLength ?? DEFAULT_MAX_QUERY_LENGTH;
  const searchToolSettings = { toolCount: catalog.tools.length, limit, maxLimit, maxQueryLength, summary };

  return {
    catalog,
    summary,
    searchToolName,
    limit,
    maxLimit,
    maxQueryLength,
    searchTool: { description: searchToolDescription(searchToolSettings), inputSchema: searchToolInputSchema(searchToolSettings) },
    plan,
    planned: (apiName) => current().byApiName.get(apiName),
    async search(input, searchOptions = {}) {
      const { byApiName, disabled } = current();
      const exclude = searchOptions.exclude;
      const answer = await answerToolSearch(input, {
        ranker: searchRanker,
        ready,
        limit,
        maxLimit,
        toolName: searchOptions.toolName ?? searchToolName,
        filter: (tool) => !disabled && byApiName.get(tool.apiName)?.deferred === true && (exclude === undefined || !exclude(tool.apiName)),
      });
      if (!answer.ok) return answer;
      usage.searched(answer.query, answer.tools.map((found) => found.name));
      return { ...answer, tools: answer.tools.map((found) => ({ ...found, description: byApiName.get(found.name)?.description ?? found.description })) };
    },
    called: usage.called,
    reset() {
      last = undefined;
      usage.reset();
    },
  };
}
