import { createLoadoutError } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { countJsonTokens, countRequestTools, createRecentUse, createToolSearchKit, fitLoaded, plainSearchAnswer, searchCall, searchCost, searchFailureText } from '@loadout/core/adapter';
import type { RequestCost, SearchCost } from '@loadout/core/adapter';
import type { CatalogTool, DeferralPlan } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import { MAX_FUNCTIONS } from '../shared/limits.js';
import { functionDefinition, groupFunctions } from './function-definitions.js';
import type {
  ResponsesRequestOptions,
  ResponsesSearchAnswer,
  ResponsesToolMode,
  ResponsesToolSearch,
  ResponsesToolSearchOptions,
  ResponsesToolsRequest,
} from './responses-tool-search-types.js';
import type { FunctionToolDefinition, ResponsesToolDefinition, ToolSearchToolDefinition } from './responses-types.js';

const OWNER = 'createResponsesToolSearch';

/**
 * Client-executed tool search for the OpenAI Responses API, on core's
 * kernels: {@link planDeferral} decides which tools are upfront (core
 * tools, `alwaysLoad`, mod pins) and which are deferred, and
 * {@link answerToolSearch} answers each `tool_search_call`. A request
 * declares a `tool_search` tool with `execution: "client"` whose
 * description carries the catalog summary, plus the upfront functions;
 * deferred definitions reach the model only in `tool_search_output` items
 * (or, with `declareDeferred`, also as `defer_loading: true` functions).
 *
 * Throws `invalid-option` naming a bad option, and `invalid-input` from
 * `request` when more than `maxFunctions` functions would be upfront.
 */
export function createResponsesToolSearch(options: ResponsesToolSearchOptions): ResponsesToolSearch {
  const tokenCounter = options?.planOptions?.tokenCounter ?? defaultTokenCounter();
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter } });
  const maxFunctions = integerOption(OWNER, 'maxFunctions', options?.maxFunctions, MAX_FUNCTIONS, 1, MAX_FUNCTIONS);
  const namespaces = options.namespaces === true;
  const declareDeferred = options.declareDeferred === true;
  const { catalog } = kit;
  let deferredNow = new Set<string>();
  let modeNow: ResponsesToolMode = 'tool-search';
  /** Loaded functions the last `plain-search` request had room for (no limit in the other modes: loaded tools are not declared). */
  let roomNow = Number.POSITIVE_INFINITY;
  /** When each tool was last found or run: the least recently used are unloaded first. */
  const recent = createRecentUse();

  const toolSearchTool: ToolSearchToolDefinition = {
    type: 'tool_search',
    execution: 'client',
    description: kit.searchTool.description,
    parameters: kit.searchTool.inputSchema,
  };
  const plainSearchFunction: FunctionToolDefinition = {
    type: 'function',
    name: kit.searchToolName,
    description: kit.searchTool.description,
    parameters: kit.searchTool.inputSchema,
    strict: false,
  };

  const entry = (name: string, deferred = false): { tool: CatalogTool; definition: FunctionToolDefinition } | undefined => {
    const tool = catalog.byApiName.get(name);
    return tool === undefined ? undefined : { tool, definition: functionDefinition(tool, kit.planned(name), deferred) };
  };
  const entries = (names: readonly string[], deferred = false) =>
    names.flatMap((name) => {
      const found = entry(name, deferred);
      return found === undefined ? [] : [found];
    });
  const split = (plan: DeferralPlan): { upfront: string[]; deferred: string[] } => ({
    upfront: plan.tools.filter((tool) => !tool.deferred).map((tool) => tool.apiName),
    deferred: plan.tools.filter((tool) => tool.deferred).map((tool) => tool.apiName),
  });
  /** What the request's tools cost; `loadable` are the tools only a search can bring in, in the form an answer carries them. */
  const cost = (tools: readonly ResponsesToolDefinition[], loadable: readonly string[]): RequestCost =>
    countRequestTools(tools, tokenCounter, groupFunctions(entries(loadable), namespaces));
  const tooMany = (count: number, what: string): never => {
    throw createLoadoutError('invalid-input', `${OWNER}: ${count} functions would be ${what}; OpenAI accepts at most ${maxFunctions} per request: defer more tools (mods, alwaysLoad)`, {
      count,
      maxFunctions,
    });
  };

  const request = (requestOptions: ResponsesRequestOptions = {}): ResponsesToolsRequest => {
    if (requestOptions.disabled === true && catalog.tools.length <= maxFunctions) {
      const plan = kit.plan({ disabled: true });
      const { upfront } = split(plan);
      deferredNow = new Set();
      modeNow = 'upfront';
      roomNow = Number.POSITIVE_INFINITY;
      const tools = groupFunctions(entries(upfront), namespaces);
      return { tools, mode: 'upfront', toolSearch: 'off', deferred: [], upfront, plan, unloaded: [], tokens: cost(tools, []) };
    }
    const plan = kit.plan();
    const { upfront, deferred } = split(plan);
    if (deferred.length === 0) {
      if (upfront.length > maxFunctions) tooMany(upfront.length, 'upfront');
      deferredNow = new Set();
      modeNow = 'upfront';
      roomNow = Number.POSITIVE_INFINITY;
      const tools = groupFunctions(entries(upfront), namespaces);
      return { tools, mode: 'upfront', toolSearch: 'off', deferred, upfront, plan, unloaded: [], tokens: cost(tools, []) };
    }
    deferredNow = new Set(deferred);
    if (requestOptions.disabled === true) {
      const deferredSet = new Set(deferred);
      const loaded = [...new Set(requestOptions.loaded ?? [])].filter((name) => deferredSet.has(name));
      const room = maxFunctions - 1 - upfront.length;
      if (room < 0) tooMany(upfront.length + 1, 'upfront with the search function');
      const { kept, unloaded } = fitLoaded(loaded, room, recent.order);
      modeNow = 'plain-search';
      roomNow = room;
      const callable = [...upfront, ...kept];
      const tools: ResponsesToolDefinition[] = [plainSearchFunction, ...groupFunctions(entries(callable), namespaces)];
      const keptSet = new Set(kept);
      return { tools, mode: 'plain-search', toolSearch: 'on', deferred, upfront: callable, plan, unloaded, tokens: cost(tools, deferred.filter((name) => !keptSet.has(name))) };
    }
    const declared = upfront.length + (declareDeferred ? deferred.length : 0);
    if (declared > maxFunctions) tooMany(declared, 'declared');
    modeNow = 'tool-search';
    roomNow = Number.POSITIVE_INFINITY;
    const tools: ResponsesToolDefinition[] = [
      toolSearchTool,
      ...groupFunctions([...entries(upfront), ...(declareDeferred ? entries(deferred, true) : [])], namespaces),
    ];
    return { tools, mode: 'tool-search', toolSearch: 'on', deferred, upfront, plan, unloaded: [], tokens: cost(tools, deferred) };
  };

  /** The answer item for the found tools: a `tool_search_output`, or in `plain-search` mode a JSON `function_call_output`; and what it costs. */
  const render = (
    callId: string,
    found: readonly string[],
    message: string | null,
    plain: boolean,
    unloaded: readonly string[] = [],
  ): { output: ResponsesSearchAnswer['output']; cost: SearchCost } => {
    const definitions = entries(found);
    if (plain) {
      const tools = definitions.map(({ definition }) => ({ name: definition.name, description: definition.description ?? '', parameters: definition.parameters }));
      const output = plainSearchAnswer(found, tools, message, { tools: unloaded, maxFunctions });
      const item = { type: 'function_call_output' as const, call_id: callId, output };
      // The JSON copy is read once; the found functions join every later request's tools.
      return { output: item, cost: searchCost(definitions.map((entry) => entry.definition), [item], tokenCounter) };
    }
    const tools = groupFunctions(definitions, namespaces);
    const item = { type: 'tool_search_output' as const, call_id: callId, execution: 'client' as const, status: 'completed' as const, tools };
    const members = tools.flatMap((tool) => (tool.type === 'namespace' ? tool.tools : [tool]));
    const headers = tools.flatMap((tool) => (tool.type === 'namespace' ? [{ ...tool, tools: [] }] : []));
    return { output: item, cost: searchCost(members, [{ ...item, tools: [] }, ...headers], tokenCounter) };
  };

  const answer: ResponsesToolSearch['answer'] = async (call, answerOptions = {}) => {
    const plain = call.type === 'function_call';
    const callId = call.call_id ?? '';
    // A tool_search_call names no function: its argument errors name the tool type.
    const result = await searchCall(kit, call.arguments, answerOptions.isLoaded, plain ? kit.searchToolName : 'tool_search');
    // In plain-search mode every loaded tool is a declared function: make room for the found ones, unloading the least recently used.
    const room = plain ? roomNow : Number.POSITIVE_INFINITY;
    const found = (result.ok ? result.tools.map((tool) => tool.name) : []).slice(0, room);
    const foundSet = new Set(found);
    const earlier = (answerOptions.loaded ?? []).filter((name) => deferredNow.has(name) && !foundSet.has(name));
    for (const name of found) recent.use(name);
    const { unloaded } = found.length === 0 ? { unloaded: [] } : fitLoaded([...new Set(earlier), ...found], room, recent.order);
    const message = searchFailureText(result);
    const { output, cost: answerCost } = render(callId, found, message, plain, unloaded);
    const failureTokens = !plain && message !== null ? countJsonTokens([message], tokenCounter) : 0;
    const costWithMessage = { ...answerCost, overhead: answerCost.overhead + failureTokens, total: answerCost.total + failureTokens };
    return { output, loaded: found, unloaded, message, answer: result, tokens: answerCost.definitions, cost: costWithMessage };
  };

  return {
    catalog,
    summary: kit.summary,
    searchToolName: kit.searchToolName,
    maxFunctions,
    request,
    answer,
    isSearchCall(item) {
      if (item.type === 'tool_search_call') return item.execution !== 'server';
      return modeNow === 'plain-search' && item.type === 'function_call' && item.name === kit.searchToolName;
    },
    toolFor: (apiName) => catalog.byApiName.get(apiName),
    isDeferred: (apiName) => deferredNow.has(apiName),
    functionFor: (apiName) => entry(apiName)?.definition,
    called(apiName) {
      recent.use(apiName);
      kit.called(apiName);
    },
    searchCost: (apiNames, costOptions = {}) => render('call_0', apiNames.filter((name) => catalog.byApiName.has(name)), null, costOptions.mode === 'plain-search').cost,
  };
}
