import { createLoadoutError, describeValue } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { countRequestTools, createRecentUse, createToolSearchKit, fitLoaded, objectInputSchema, plainSearchAnswer, searchCall, searchCost, searchFailureText } from '@loadout/core/adapter';
import type { SearchCost } from '@loadout/core/adapter';
import type { CatalogTool, DeferralPlan } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import { MAX_FUNCTIONS } from '../shared/limits.js';
import type { ChatSearchAnswer, ChatToolSearch, ChatToolSearchMode, ChatToolSearchOptions, ChatToolsRequest } from './chat-tool-search-types.js';
import type { ChatFunctionTool, ChatToolMessage } from './chat-types.js';

const OWNER = 'createChatToolSearch';
const MODES: readonly ChatToolSearchMode[] = ['tool-reference', 'plain'];

function invalid(option: string, message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `${OWNER}: ${option} ${message}, got ${describeValue(value)}`, { option, value });
}

/**
 * Tool search for OpenAI-compatible Chat Completions, on core's kernels
 * ({@link planDeferral}, {@link answerToolSearch}): a `search_tools`
 * function whose description carries the catalog summary, the upfront
 * functions, and per mode either every deferred function with
 * `defer_loading: true` (answered with `tool_reference` blocks) or the
 * functions found so far (answered with JSON definitions).
 *
 * In `plain` mode each loaded tool is a declared function: when the loaded
 * tools would not fit `maxFunctions`, a request declares the most recent
 * and names the others in `unloaded`, and an answer unloads the least
 * recently used to make room (naming them to the model), so the
 * conversation's loaded set and the request agree.
 *
 * Throws `invalid-option` naming a bad option, and `invalid-input` from
 * `request` when more than `maxFunctions` functions would be upfront.
 */
export function createChatToolSearch(options: ChatToolSearchOptions): ChatToolSearch {
  const tokenCounter = options?.planOptions?.tokenCounter ?? defaultTokenCounter();
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter } });
  const mode = options.mode ?? 'plain';
  if (!MODES.includes(mode)) invalid('mode', `must be one of ${MODES.join(', ')}`, mode);
  const maxFunctions = integerOption(OWNER, 'maxFunctions', options.maxFunctions, MAX_FUNCTIONS, 2, MAX_FUNCTIONS);
  const { catalog } = kit;
  let deferredNow = new Set<string>();
  /** Loaded functions the last `plain` request had room for (none outside `plain` mode: nothing to unload). */
  let roomNow = Number.POSITIVE_INFINITY;
  /** When each tool was last found or run: the least recently used are unloaded first. */
  const recent = createRecentUse();
  const searchTool: ChatFunctionTool = {
    type: 'function',
    function: { name: kit.searchToolName, description: kit.searchTool.description, parameters: kit.searchTool.inputSchema },
  };

  const definition = (tool: CatalogTool, deferred = false): ChatFunctionTool => {
    const description = kit.planned(tool.apiName)?.description ?? tool.description;
    return {
      type: 'function',
      function: { name: tool.apiName, ...(description === '' ? {} : { description }), parameters: objectInputSchema(tool) },
      ...(deferred ? { defer_loading: true as const } : {}),
    };
  };
  const definitions = (names: readonly string[], deferred = false): ChatFunctionTool[] =>
    names.flatMap((name) => {
      const tool = catalog.byApiName.get(name);
      return tool === undefined ? [] : [definition(tool, deferred)];
    });
  /** What the request's tools cost; `loadable` are the tools only a search can bring in (counted as the functions they become). */
  const cost = (tools: readonly ChatFunctionTool[], loadable: readonly string[]) => countRequestTools(tools, tokenCounter, definitions(loadable));
  const split = (plan: DeferralPlan) => ({
    upfront: plan.tools.filter((tool) => !tool.deferred).map((tool) => tool.apiName),
    deferred: plan.tools.filter((tool) => tool.deferred).map((tool) => tool.apiName),
  });

  const request: ChatToolSearch['request'] = (requestOptions = {}): ChatToolsRequest => {
    const plan = kit.plan();
    const { upfront, deferred } = split(plan);
    const room = maxFunctions - 1 - upfront.length;
    if (deferred.length === 0 || (mode === 'plain' || requestOptions.disabled === true) && room < 0) {
      const off = kit.plan({ disabled: true });
      const all = split(off).upfront;
      if (all.length > maxFunctions) {
        throw createLoadoutError('invalid-input', `${OWNER}: ${upfront.length + 1} functions would be upfront; at most ${maxFunctions} fit one request: defer more tools`, {
          count: upfront.length + 1,
          maxFunctions,
        });
      }
      deferredNow = new Set();
      roomNow = Number.POSITIVE_INFINITY;
      const tools = definitions(all);
      return { tools, mode: 'upfront', toolSearch: 'off', deferred: [], upfront: all, plan: off, unloaded: [], tokens: cost(tools, []) };
    }
    deferredNow = new Set(deferred);
    if (mode === 'tool-reference' && requestOptions.disabled !== true) {
      roomNow = Number.POSITIVE_INFINITY;
      const tools = [searchTool, ...definitions(upfront), ...definitions(deferred, true)];
      return { tools, mode, toolSearch: 'on', deferred, upfront, plan, unloaded: [], tokens: cost(tools, deferred) };
    }
    roomNow = room;
    const loaded = [...new Set(requestOptions.loaded ?? [])].filter((name) => deferredNow.has(name));
    const { kept, unloaded } = fitLoaded(loaded, room, recent.order);
    const keptSet = new Set(kept);
    const tools = [searchTool, ...definitions([...upfront, ...kept])];
    return {
      tools,
      mode: 'plain',
      toolSearch: 'on',
      deferred,
      upfront: [...upfront, ...kept],
      plan,
      unloaded,
      tokens: cost(tools, deferred.filter((name) => !keptSet.has(name))),
    };
  };

  /**
   * The tool message answering a search that found `found`, and its cost: in
   * `tool-reference` mode the references plus the definitions the gateway
   * expands; in `plain` mode the JSON copy plus the functions every later
   * request declares.
   */
  const render = (tool_call_id: string, found: readonly string[], answerMode: ChatToolSearchMode, unloaded: readonly string[] = []): { message: ChatToolMessage; cost: SearchCost } => {
    const loaded = definitions(found);
    if (answerMode === 'tool-reference') {
      const content = found.map((name) => ({ type: 'tool_reference' as const, tool_name: name }));
      return { message: { role: 'tool', tool_call_id, content }, cost: searchCost(loaded, [content], tokenCounter) };
    }
    const content = plainSearchAnswer(found, loaded.map((tool) => tool.function), null, { tools: unloaded, maxFunctions });
    return { message: { role: 'tool', tool_call_id, content }, cost: searchCost(loaded, [content], tokenCounter) };
  };

  return {
    catalog,
    summary: kit.summary,
    searchToolName: kit.searchToolName,
    mode,
    maxFunctions,
    request,
    async answer(call, answerOptions = {}): Promise<ChatSearchAnswer> {
      const result = await searchCall(kit, call.function.arguments, answerOptions.isLoaded);
      const found = result.ok ? result.tools.map((tool) => tool.name) : [];
      const failure = searchFailureText(result);
      const tool_call_id = call.id;
      if (failure !== null) {
        const content = plainSearchAnswer([], [], failure);
        return { message: { role: 'tool', tool_call_id, content }, loaded: [], unloaded: [], failure, answer: result, tokens: 0, cost: searchCost([], [content], tokenCounter) };
      }
      const answerMode = answerOptions.mode ?? mode;
      // In plain mode every loaded tool is a declared function: make room for the found ones, unloading the least recently used.
      const room = answerMode === 'plain' ? roomNow : Number.POSITIVE_INFINITY;
      const fitting = found.slice(0, room);
      const fittingSet = new Set(fitting);
      const earlier = (answerOptions.loaded ?? []).filter((name) => deferredNow.has(name) && !fittingSet.has(name));
      for (const name of fitting) recent.use(name);
      const { unloaded } = fitLoaded([...new Set(earlier), ...fitting], room, recent.order);
      const { message, cost: answerCost } = render(tool_call_id, fitting, answerMode, unloaded);
      return { message, loaded: fitting, unloaded, failure: null, answer: result, tokens: answerCost.definitions, cost: answerCost };
    },
    searchCost: (apiNames, costOptions = {}) => render('call_0', apiNames.filter((name) => catalog.byApiName.has(name)), costOptions.mode ?? mode).cost,
    isSearchCall: (call) => call.function?.name === kit.searchToolName,
    toolFor: (apiName) => catalog.byApiName.get(apiName),
    functionFor(apiName) {
      const tool = catalog.byApiName.get(apiName);
      return tool === undefined ? undefined : definition(tool);
    },
    isDeferred: (apiName) => deferredNow.has(apiName),
    called(apiName) {
      recent.use(apiName);
      kit.called(apiName);
    },
  };
}
