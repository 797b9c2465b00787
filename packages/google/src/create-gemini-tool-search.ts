import { countRequestTools, createToolSearchKit, planNames, plainSearchResult, searchCall, searchCost, searchFailureText } from '@loadout/core/adapter';
import { defaultTokenCounter } from '@loadout/tokens';
import { functionDeclaration } from './function-declaration.js';
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
 * declarations, which later requests then declare.
 *
 * Throws `invalid-option` naming a bad option.
 */
export function createGeminiToolSearch(options: GeminiToolSearchOptions): GeminiToolSearch {
  const tokenCounter = options?.planOptions?.tokenCounter ?? defaultTokenCounter();
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter } });
  const { catalog } = kit;
  let deferredNow = new Set<string>();
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
      const declared = declarations(all);
      const tools = toolsOf(declared);
      return { tools, mode: 'upfront', toolSearch: 'off', deferred: [], upfront: all, plan: off, tokens: countRequestTools(tools, tokenCounter) };
    }
    deferredNow = new Set(deferred);
    const loaded = [...new Set(requestOptions.loaded ?? [])].filter((name) => deferredNow.has(name));
    const loadedSet = new Set(loaded);
    const declared = [searchFunction, ...declarations([...upfront, ...loaded])];
    const tools = toolsOf(declared);
    const tokens = countRequestTools(tools, tokenCounter, declarations(deferred.filter((name) => !loadedSet.has(name))));
    return { tools, mode: 'search', toolSearch: 'on', deferred, upfront: [...upfront, ...loaded], plan, tokens };
  };

  /** The response for these found tools (or a failure), and what it costs. */
  const render = (found: readonly string[], failure: string | null) => {
    const loaded = declarations(found);
    const result = plainSearchResult(found, loaded.map((declaration) => ({ name: declaration.name, description: declaration.description ?? '', parameters: declaration.parametersJsonSchema })), failure);
    return { result, cost: searchCost(failure === null ? loaded : [], [result], tokenCounter) };
  };

  return {
    catalog,
    summary: kit.summary,
    searchToolName: kit.searchToolName,
    request,
    async answer(call, answerOptions = {}): Promise<GeminiSearchAnswer> {
      const answer = await searchCall(kit, call?.args ?? {}, answerOptions.isLoaded);
      const found = answer.ok ? answer.tools.map((tool) => tool.name) : [];
      const message = searchFailureText(answer);
      const { result, cost } = render(found, message);
      const id = typeof call?.id === 'string' && call.id !== '' ? { id: call.id } : {};
      return { response: { ...id, name: kit.searchToolName, response: result }, loaded: found, message, answer, cost };
    },
    isSearchCall: (call) => deferredNow.size > 0 && call?.name === kit.searchToolName,
    toolFor: (apiName) => catalog.byApiName.get(apiName),
    functionFor: (apiName) => declarations([apiName])[0],
    isDeferred: (apiName) => deferredNow.has(apiName),
    called: kit.called,
    searchCost: (apiNames) => render(apiNames.filter((name) => catalog.byApiName.has(name)), null).cost,
  };
}
