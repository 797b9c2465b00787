import { countJsonTokens, countRequestTools, createToolSearchKit, planNames, searchCall, searchCost, searchFailureText } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { defaultTokenCounter } from '@loadout/tokens';
import { interactionsFunction } from './interactions-function.js';
import type { InteractionsSearchAnswer, InteractionsToolSearch, InteractionsToolsRequest } from './interactions-tool-search-types.js';
import type { GeminiToolSearchOptions } from './gemini-tool-search-types.js';
import type { InteractionsFunction, InteractionsToolSearchTool, ToolSearchCallStep, ToolSearchResultStep } from './interactions-types.js';

const OWNER = 'createInteractionsToolSearch';

/** A call's arguments as the search reads them: `{ query, limit? }`, or the `function_names` the API's own schema names, as `select:a,b`. */
function searchArguments(call: ToolSearchCallStep | undefined): unknown {
  const args = call?.arguments ?? {};
  const names = isRecord(args) ? args['function_names'] : undefined;
  if (isRecord(args) && args['query'] === undefined && Array.isArray(names) && names.every((name) => typeof name === 'string')) return { query: `select:${names.join(',')}` };
  return args;
}

/**
 * Client-executed tool search for Gemini's Interactions API
 * (`@google/genai`'s `interactions.create`), on core's kernels:
 * {@link planDeferral} decides which tools are upfront and which are
 * deferred, and {@link answerToolSearch} answers each `tool_search_call`. A
 * request declares a `tool_search` tool with `execution: "client"` (its
 * description carries the catalog summary; its `{ query, limit }` schema is
 * core's) plus the upfront functions; the deferred functions reach the model
 * only in the `tool_search_result` steps that answer its searches, so a
 * loaded tool stays loaded while its answer is in the input.
 *
 * Throws `invalid-option` naming a bad option.
 */
export function createInteractionsToolSearch(options: GeminiToolSearchOptions): InteractionsToolSearch {
  const tokenCounter = options?.planOptions?.tokenCounter ?? defaultTokenCounter();
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter } });
  const { catalog } = kit;
  let deferredNow = new Set<string>();
  const searchTool: InteractionsToolSearchTool = {
    type: 'tool_search',
    execution: 'client',
    name: kit.searchToolName,
    description: kit.searchTool.description,
    parameters: kit.searchTool.inputSchema,
  };

  const functions = (names: readonly string[]): InteractionsFunction[] =>
    names.flatMap((name) => {
      const tool = catalog.byApiName.get(name);
      return tool === undefined ? [] : [interactionsFunction(tool, kit.planned(name))];
    });

  const request = (requestOptions: { readonly disabled?: boolean } = {}): InteractionsToolsRequest => {
    const plan = kit.plan();
    const { upfront, deferred } = planNames(plan);
    if (deferred.length === 0 || requestOptions.disabled === true) {
      const off = kit.plan({ disabled: true });
      const all = planNames(off).upfront;
      deferredNow = new Set();
      const tools = functions(all);
      return { tools, mode: 'upfront', toolSearch: 'off', deferred: [], upfront: all, plan: off, tokens: countRequestTools(tools, tokenCounter) };
    }
    deferredNow = new Set(deferred);
    const tools = [searchTool, ...functions(upfront)];
    return { tools, mode: 'search', toolSearch: 'on', deferred, upfront, plan, tokens: countRequestTools(tools, tokenCounter, functions(deferred)) };
  };

  /** The result step for these found tools, and what it costs (a failure's text, sent beside it, included). */
  const render = (callId: string, found: readonly string[], message: string | null) => {
    const loaded = functions(found);
    const result: ToolSearchResultStep = { type: 'tool_search_result', call_id: callId, result: loaded };
    const cost = searchCost(loaded, [{ ...result, result: [] }], tokenCounter);
    const failureTokens = message === null ? 0 : countJsonTokens([message], tokenCounter);
    return { result, cost: { ...cost, overhead: cost.overhead + failureTokens, total: cost.total + failureTokens } };
  };

  return {
    catalog,
    summary: kit.summary,
    searchToolName: kit.searchToolName,
    request,
    async answer(call, answerOptions = {}): Promise<InteractionsSearchAnswer> {
      const answer = await searchCall(kit, searchArguments(call), answerOptions.isLoaded);
      const found = answer.ok ? answer.tools.map((tool) => tool.name) : [];
      const message = searchFailureText(answer);
      const { result, cost } = render(typeof call?.id === 'string' ? call.id : '', found, message);
      return { result, loaded: found, message, answer, cost };
    },
    isSearchCall: (step): step is ToolSearchCallStep => deferredNow.size > 0 && isRecord(step) && step['type'] === 'tool_search_call',
    toolFor: (apiName) => catalog.byApiName.get(apiName),
    functionFor: (apiName) => functions([apiName])[0],
    isDeferred: (apiName) => deferredNow.has(apiName),
    called: kit.called,
    searchCost: (apiNames) => render('', apiNames.filter((name) => catalog.byApiName.has(name)), null).cost,
  };
}
