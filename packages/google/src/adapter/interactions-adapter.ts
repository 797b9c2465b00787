import { adapterRequest, discoveredNames } from '@loadout/core/adapter';
import type { ToolSearchAdapter, ToolSearchAdapterDefinition } from '@loadout/core/adapter';
import { createInteractionsToolSearch } from '../create-interactions-tool-search.js';
import { interactionsDiscoveries } from '../interactions-discoveries.js';
import type { ToolSearchCallStep } from '../interactions-types.js';

/** `google-interactions`: client-executed `tool_search` on Gemini's Interactions API ({@link createInteractionsToolSearch}). */
export const googleInteractionsAdapter: ToolSearchAdapterDefinition = {
  specificationVersion: 'v1',
  name: 'google-interactions',
  package: '@loadout/google',
  searchTool: 'tool_search (execution: client; Interactions API)',
  loadedBy: 'the tool_search_result step carries the function definitions',
  create(options): ToolSearchAdapter {
    const search = createInteractionsToolSearch(options);
    return {
      specificationVersion: 'v1',
      searchToolName: search.searchToolName,
      request: () => adapterRequest(search.request()),
      isSearchCall: (call) => search.isSearchCall(call),
      searchCall: (input, callId) => ({ type: 'tool_search_call', id: callId, arguments: input }),
      async answer(call) {
        const { result, loaded, message } = await search.answer(call as ToolSearchCallStep);
        return { output: result, loaded, message };
      },
      exchange: (call, output) => [call, output],
      loaded: (transcript) => discoveredNames(interactionsDiscoveries(transcript)),
      describe: (apiName) => (search.toolFor(apiName) === undefined ? undefined : (search.functionFor(apiName)?.description ?? '')),
      searchCost: (apiNames) => search.searchCost(apiNames),
    };
  },
};
