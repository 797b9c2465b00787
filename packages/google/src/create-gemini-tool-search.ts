import { countRequestTools, createRecentUse, createToolSearchKit, fitLoaded, planNames, plainSearchResult, searchCall, searchCost, searchFailureText } from '@loadout/core/adapter';
import { defaultTokenCounter } from '@loadout/tokens';
import { functionDeclaration } from './function-declaration.js';
import { MAX_FUNCTION_DECLARATIONS } from './function-limit.js';
import type { GeminiSearchAnswer, GeminiToolSearch, GeminiToolSearchOptions, GeminiToolsRequest } from './gemini-tool-search-types.js';
import type { GeminiFunctionDeclaration, GeminiFunctionTool } from './gemini-types.js';

const OWNER = 'createGeminiToolSearch';

/**
 * Tool search for Gemini (`@google/genai`'s `generateContent`), on core's
 * kernels: {@link planDeferral} decides which tools are upfront (core
 * tools, `alwaysLoad`, mod pins) and which are deferred, and
 * {@link answerToolSearch} answers each call of the search function. A
 * request declares the search function (its description carries the
 * catalog summary; its `{ query, limit }` schema is core's), the upfront
 * functions and the functions the conversation has loaded; a search is
 * answered client-side with a `functionResponse` holding the found
 * declarations, which later requests then declare. A request declares at
 * most 512 functions (`@google/genai`'s documented limit): when the loaded
 * tools would not fit, the least recently used are unloaded (named in the
 * answer that pushed them out, and in the request's `unloaded`).
 *
 * Throws `invalid-option` naming a bad option.
 */
export function createGeminiToolSearch(options: GeminiToolSearchOptions): GeminiToolSearch {
  const tokenCounter = options?.planOptions?.tokenCounter ?? defaultTokenCounter();
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter } });
  const { catalog } = kit;
  let deferredNow = new Set<string>();
  /** Loaded declarations the last `search` request had room for. */
  let roomNow = Number.POSITIVE_INFINITY;
  /** When each tool was last found or run: the least recently used are unloaded first. */
  const recent = createRecentUse();
  const searchFunction: GeminiFunctionDeclaration = {
    name: kit.searchToolName,
    description: kit.searchTool.description,
    parametersJsonSchema: kit.searchTool.inputSchema,
  };

  const declarations = (names: readonly string[]): GeminiFunctionDeclaration[] =>
    names.flatMap((name) => {
      const tool = catalog.byApiName.get(name);
      return tool === undefined ? [] : [functionDeclaration(tool, kit.planned(name))];
    });
  const toolsOf = (declared: GeminiFunctionDeclaration[]): GeminiFunctionTool[] => (declared.length === 0 ? [] : [{ functionDeclarations: declared }]);

  const request = (requestOptions: { readonly disabled?: boolean; readonly loaded?: readonly string[] } = {}): GeminiToolsRequest => {
    const plan = kit.plan();
    const { upfront, deferred } = planNames(plan);
    if (deferred.length === 0 || requestOptions.disabled === true) {
      const off = kit.plan({ disabled: true });
      const all = planNames(off).upfront;
      deferredNow = new Set();
      roomNow = Number.POSITIVE_INFINITY;
      const declared = declarations(all);
      const tools = toolsOf(declared);
      return { tools, mode: 'upfront', toolSearch: 'off', deferred: [], upfront: all, plan: off, unloaded: [], tokens: countRequestTools(tools, tokenCounter) };
    }
    deferredNow = new Set(deferred);
    roomNow = MAX_FUNCTION_DECLARATIONS - 1 - upfront.length;
    const { kept, unloaded } = fitLoaded([...new Set(requestOptions.loaded ?? [])].filter((name) => deferredNow.has(name)), roomNow, recent.order);
    const keptSet = new Set(kept);
    const declared = [searchFunction, ...declarations([...upfront, ...kept])];
    const tools = toolsOf(declared);
    const tokens = countRequestTools(tools, tokenCounter, declarations(deferred.filter((name) => !keptSet.has(name))));
    return { tools, mode: 'search', toolSearch: 'on', deferred, upfront: [...upfront, ...kept], plan, unloaded, tokens };
  };

  /** The response for these found tools (or a failure), and what it costs. */
  const render = (found: readonly string[], failure: string | null, unloaded: readonly string[] = []) => {
    const loaded = declarations(found);
    const definitions = loaded.map((declaration) => ({ name: declaration.name, description: declaration.description ?? '', parameters: declaration.parametersJsonSchema }));
    const result = plainSearchResult(found, definitions, failure, { tools: unloaded, maxFunctions: MAX_FUNCTION_DECLARATIONS });
    return { result, cost: searchCost(failure === null ? loaded : [], [result], tokenCounter) };
  };

  return {
    catalog,
    summary: kit.summary,
    searchToolName: kit.searchToolName,
    maxFunctions: MAX_FUNCTION_DECLARATIONS,
    request,
    async answer(call, answerOptions = {}): Promise<GeminiSearchAnswer> {
      const answer = await searchCall(kit, call?.args ?? {}, answerOptions.isLoaded);
      // Every loaded tool is a declaration of later requests: make room for the found ones, unloading the least recently used.
      const found = (answer.ok ? answer.tools.map((tool) => tool.name) : []).slice(0, roomNow);
      const foundSet = new Set(found);
      const earlier = (answerOptions.loaded ?? []).filter((name) => deferredNow.has(name) && !foundSet.has(name));
      for (const name of found) recent.use(name);
      const { unloaded } = found.length === 0 ? { unloaded: [] } : fitLoaded([...new Set(earlier), ...found], roomNow, recent.order);
      const message = searchFailureText(answer);
      const { result, cost } = render(found, message, unloaded);
      const id = typeof call?.id === 'string' && call.id !== '' ? { id: call.id } : {};
      return { response: { ...id, name: kit.searchToolName, response: result }, loaded: found, unloaded, message, answer, cost };
    },
    isSearchCall: (call) => deferredNow.size > 0 && call?.name === kit.searchToolName,
    toolFor: (apiName) => catalog.byApiName.get(apiName),
    functionFor: (apiName) => declarations([apiName])[0],
    isDeferred: (apiName) => deferredNow.has(apiName),
    called(apiName) {
      recent.use(apiName);
      kit.called(apiName);
    },
    searchCost: (apiNames) => render(apiNames.filter((name) => catalog.byApiName.has(name)), null).cost,
  };
}
