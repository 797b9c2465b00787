import { createLoadoutError, describeValue } from '@loadout/core';
import { createToolSearchKit, searchFailureText } from '@loadout/core/adapter';
import type { CatalogTool, DeferralPlan, ToolSearchAnswer } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import { functionSchema } from '../shared/function-schema.js';
import { MAX_FUNCTIONS } from '../shared/limits.js';
import { parseCallArguments } from '../shared/parse-call-arguments.js';
import { searchDescription, searchParameters } from '../shared/search-parameters.js';
import type { ChatSearchAnswer, ChatToolSearch, ChatToolSearchMode, ChatToolSearchOptions, ChatToolsRequest } from './chat-tool-search-types.js';
import type { ChatFunctionTool } from './chat-types.js';

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
 * Throws `invalid-option` naming a bad option, and `invalid-input` from
 * `request` when more than `maxFunctions` functions would be upfront.
 */
export function createChatToolSearch(options: ChatToolSearchOptions): ChatToolSearch {
  const tokenCounter = options?.planOptions?.tokenCounter ?? defaultTokenCounter();
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter } });
  const mode = options.mode ?? 'plain';
  if (!MODES.includes(mode)) invalid('mode', `must be one of ${MODES.join(', ')}`, mode);
  const maxFunctions = options.maxFunctions ?? MAX_FUNCTIONS;
  if (!Number.isInteger(maxFunctions) || maxFunctions < 2 || maxFunctions > MAX_FUNCTIONS) invalid('maxFunctions', `must be an integer from 2 to ${MAX_FUNCTIONS}`, maxFunctions);
  const { catalog } = kit;
  let deferredNow = new Set<string>();
  const searchTool: ChatFunctionTool = {
    type: 'function',
    function: { name: kit.searchToolName, description: searchDescription(kit), parameters: searchParameters(kit) },
  };

  const searchTokens = tokenCounter.count(JSON.stringify(searchTool));
  const loadedTokens = (names: readonly string[]): number => names.reduce((sum, name) => sum + (kit.planned(name)?.tokens ?? 0), 0);
  const definition = (tool: CatalogTool, deferred = false): ChatFunctionTool => {
    const description = kit.planned(tool.apiName)?.description ?? tool.description;
    return {
      type: 'function',
      function: { name: tool.apiName, ...(description === '' ? {} : { description }), parameters: functionSchema(tool) },
      ...(deferred ? { defer_loading: true as const } : {}),
    };
  };
  const definitions = (names: readonly string[], deferred = false): ChatFunctionTool[] =>
    names.flatMap((name) => {
      const tool = catalog.byApiName.get(name);
      return tool === undefined ? [] : [definition(tool, deferred)];
    });
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
      return { tools: definitions(all), mode: 'upfront', toolSearch: 'off', deferred: [], upfront: all, plan: off, tokens: { upfront: off.upfrontTokens, deferred: 0 } };
    }
    deferredNow = new Set(deferred);
    if (mode === 'tool-reference' && requestOptions.disabled !== true) {
      return { tools: [searchTool, ...definitions(upfront), ...definitions(deferred, true)], mode, toolSearch: 'on', deferred, upfront, plan, tokens: { upfront: plan.upfrontTokens + searchTokens, deferred: plan.deferredTokens } };
    }
    const loaded = [...new Set(requestOptions.loaded ?? [])].filter((name) => deferredNow.has(name));
    const kept = loaded.slice(Math.max(0, loaded.length - room));
    const extra = loadedTokens(kept);
    return {
      tools: [searchTool, ...definitions([...upfront, ...kept])],
      mode: 'plain',
      toolSearch: 'on',
      deferred,
      upfront: [...upfront, ...kept],
      plan,
      tokens: { upfront: plan.upfrontTokens + searchTokens + extra, deferred: plan.deferredTokens - extra },
    };
  };

  return {
    catalog,
    summary: kit.summary,
    searchToolName: kit.searchToolName,
    mode,
    request,
    async answer(call, answerOptions = {}): Promise<ChatSearchAnswer> {
      const parsed = parseCallArguments(call.function.arguments);
      const isLoaded = answerOptions.isLoaded;
      const result: ToolSearchAnswer = parsed.ok
        ? await kit.search(parsed.value, isLoaded === undefined ? {} : { exclude: isLoaded })
        : { ok: false, stage: 'arguments', code: 'invalid-input', message: `${kit.searchToolName}: ${parsed.message}` };
      const found = result.ok ? result.tools.map((tool) => tool.name) : [];
      const failure = searchFailureText(result);
      const tool_call_id = call.id;
      if (failure !== null) return { message: { role: 'tool', tool_call_id, content: JSON.stringify({ loaded: [], error: failure }) }, loaded: [], answer: result, tokens: 0 };
      if ((answerOptions.mode ?? mode) === 'tool-reference') {
        return { message: { role: 'tool', tool_call_id, content: found.map((name) => ({ type: 'tool_reference', tool_name: name })) }, loaded: found, answer: result, tokens: loadedTokens(found) };
      }
      const tools = definitions(found).map((tool) => tool.function);
      return { message: { role: 'tool', tool_call_id, content: JSON.stringify({ loaded: found, tools }) }, loaded: found, answer: result, tokens: loadedTokens(found) };
    },
    isSearchCall: (call) => call.function?.name === kit.searchToolName,
    toolFor: (apiName) => catalog.byApiName.get(apiName),
    isDeferred: (apiName) => deferredNow.has(apiName),
  };
}
