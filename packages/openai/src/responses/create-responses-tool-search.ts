import { createLoadoutError, describeValue } from '@loadout/core';
import { createToolSearchKit, searchFailureText } from '@loadout/core/adapter';
import type { CatalogTool, DeferralPlan, ToolSearchAnswer } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import { MAX_FUNCTIONS } from '../shared/limits.js';
import { parseCallArguments } from '../shared/parse-call-arguments.js';
import { searchDescription, searchParameters } from '../shared/search-parameters.js';
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

function readMaxFunctions(value: unknown): number {
  if (value === undefined) return MAX_FUNCTIONS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_FUNCTIONS) {
    throw createLoadoutError('invalid-option', `${OWNER}: maxFunctions must be an integer from 1 to ${MAX_FUNCTIONS}, got ${describeValue(value)}`, {
      option: 'maxFunctions',
      value,
    });
  }
  return value;
}

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
  const maxFunctions = readMaxFunctions(options?.maxFunctions);
  const namespaces = options.namespaces === true;
  const declareDeferred = options.declareDeferred === true;
  const { catalog } = kit;
  let deferredNow = new Set<string>();
  let modeNow: ResponsesToolMode = 'tool-search';

  const toolSearchTool: ToolSearchToolDefinition = {
    type: 'tool_search',
    execution: 'client',
    description: searchDescription(kit),
    parameters: searchParameters(kit),
  };
  const plainSearchFunction: FunctionToolDefinition = {
    type: 'function',
    name: kit.searchToolName,
    description: searchDescription(kit),
    parameters: searchParameters(kit),
    strict: false,
  };

  const searchToolTokens = tokenCounter.count(JSON.stringify(toolSearchTool));
  const plainSearchTokens = tokenCounter.count(JSON.stringify(plainSearchFunction));
  const loadedTokens = (names: readonly string[]): number => names.reduce((sum, name) => sum + (kit.planned(name)?.tokens ?? 0), 0);
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
      return { tools: groupFunctions(entries(upfront), namespaces), mode: 'upfront', toolSearch: 'off', deferred: [], upfront, plan, tokens: { upfront: plan.upfrontTokens, deferred: 0 } };
    }
    const plan = kit.plan();
    const { upfront, deferred } = split(plan);
    if (deferred.length === 0) {
      if (upfront.length > maxFunctions) tooMany(upfront.length, 'upfront');
      deferredNow = new Set();
      modeNow = 'upfront';
      return { tools: groupFunctions(entries(upfront), namespaces), mode: 'upfront', toolSearch: 'off', deferred, upfront, plan, tokens: { upfront: plan.upfrontTokens, deferred: 0 } };
    }
    deferredNow = new Set(deferred);
    if (requestOptions.disabled === true) {
      const deferredSet = new Set(deferred);
      const loaded = [...new Set(requestOptions.loaded ?? [])].filter((name) => deferredSet.has(name));
      const room = maxFunctions - 1 - upfront.length;
      if (room < 0) tooMany(upfront.length + 1, 'upfront with the search function');
      const kept = loaded.slice(Math.max(0, loaded.length - room));
      modeNow = 'plain-search';
      const callable = [...upfront, ...kept];
      const tools: ResponsesToolDefinition[] = [plainSearchFunction, ...groupFunctions(entries(callable), namespaces)];
      const extra = loadedTokens(kept);
      return { tools, mode: 'plain-search', toolSearch: 'on', deferred, upfront: callable, plan, tokens: { upfront: plan.upfrontTokens + plainSearchTokens + extra, deferred: plan.deferredTokens - extra } };
    }
    const declared = upfront.length + (declareDeferred ? deferred.length : 0);
    if (declared > maxFunctions) tooMany(declared, 'declared');
    modeNow = 'tool-search';
    const tools: ResponsesToolDefinition[] = [
      toolSearchTool,
      ...groupFunctions([...entries(upfront), ...(declareDeferred ? entries(deferred, true) : [])], namespaces),
    ];
    return { tools, mode: 'tool-search', toolSearch: 'on', deferred, upfront, plan, tokens: { upfront: plan.upfrontTokens + searchToolTokens, deferred: plan.deferredTokens } };
  };

  const answer: ResponsesToolSearch['answer'] = async (call, answerOptions = {}) => {
    const plain = call.type === 'function_call';
    const callId = call.call_id ?? '';
    const parsed = parseCallArguments(call.arguments);
    const isLoaded = answerOptions.isLoaded;
    const result: ToolSearchAnswer = parsed.ok
      ? await kit.search(parsed.value, isLoaded === undefined ? {} : { exclude: isLoaded })
      : { ok: false, stage: 'arguments', code: 'invalid-input', message: `${kit.searchToolName}: ${parsed.message}` };
    const found = result.ok ? result.tools.map((tool) => tool.name) : [];
    const definitions = entries(found);
    const message = searchFailureText(result);
    if (plain) {
      const tools = definitions.map(({ definition }) => ({ name: definition.name, description: definition.description ?? '', parameters: definition.parameters }));
      const output = JSON.stringify(message === null ? { loaded: found, tools } : { loaded: [], error: message });
      return { output: { type: 'function_call_output', call_id: callId, output }, loaded: found, message, answer: result, tokens: loadedTokens(found) };
    }
    return {
      output: { type: 'tool_search_output', call_id: callId, execution: 'client', status: 'completed', tools: groupFunctions(definitions, namespaces) },
      loaded: found,
      message,
      answer: result,
      tokens: loadedTokens(found),
    };
  };

  return {
    catalog,
    summary: kit.summary,
    searchToolName: kit.searchToolName,
    request,
    answer,
    isSearchCall(item) {
      if (item.type === 'tool_search_call') return item.execution !== 'server';
      return modeNow === 'plain-search' && item.type === 'function_call' && item.name === kit.searchToolName;
    },
    toolFor: (apiName) => catalog.byApiName.get(apiName),
    isDeferred: (apiName) => deferredNow.has(apiName),
    functionFor: (apiName) => entry(apiName)?.definition,
  };
}
