import { adapterRequest, discoveredNames } from '@loadout/core/adapter';
import type { ToolSearchAdapter, ToolSearchAdapterDefinition } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { contentDiscoveries } from '../content-discoveries.js';
import { createGeminiToolSearch } from '../create-gemini-tool-search.js';
import type { GeminiFunctionCall } from '../gemini-types.js';

/** `google`: a search function on Gemini's `generateContent`, answered client-side with the declarations it found ({@link createGeminiToolSearch}). */
export const googleAdapter: ToolSearchAdapterDefinition = {
  specificationVersion: 'v1',
  name: 'google',
  package: '@loadout/google',
  searchTool: 'search_tools (function; answered with the declarations as JSON)',
  loadedBy: 'a JSON copy in the function response, then the declarations in every later request',
  create(options): ToolSearchAdapter {
    const search = createGeminiToolSearch(options);
    return {
      specificationVersion: 'v1',
      searchToolName: search.searchToolName,
      request: () => adapterRequest(search.request()),
      isSearchCall: (call) => isRecord(call) && search.isSearchCall(call as GeminiFunctionCall),
      searchCall: (input, callId) => ({ id: callId, name: search.searchToolName, args: input }),
      async answer(call) {
        const { response, loaded, message } = await search.answer(call as GeminiFunctionCall);
        return { output: response, loaded, message };
      },
      exchange: (call, output) => [
        { role: 'model', parts: [{ functionCall: call }] },
        { role: 'user', parts: [{ functionResponse: output }] },
      ],
      loaded: (transcript) => discoveredNames(contentDiscoveries(transcript, search.searchToolName)),
      describe: (apiName) => (search.toolFor(apiName) === undefined ? undefined : (search.functionFor(apiName)?.description ?? '')),
      searchCost: (apiNames) => search.searchCost(apiNames),
    };
  },
};
