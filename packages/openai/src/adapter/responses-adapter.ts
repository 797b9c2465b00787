import { adapterRequest, discoveredNames } from '@loadout/core/adapter';
import type { ToolSearchAdapter, ToolSearchAdapterDefinition } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { createResponsesToolSearch } from '../responses/create-responses-tool-search.js';
import { inputDiscoveries } from '../responses/input-discoveries.js';
import type { FunctionCallItem, ResponseInputItem, ToolSearchCallItem } from '../responses/responses-types.js';


/** Call ids of the plain search function's calls in a Responses input. */
function plainCallIds(items: readonly unknown[], searchToolName: string): Set<string> {
  const ids = new Set<string>();
  for (const item of items) {
    if (isRecord(item) && item['type'] === 'function_call' && item['name'] === searchToolName && typeof item['call_id'] === 'string') ids.add(item['call_id']);
  }
  return ids;
}

/** `openai-responses`: client-executed `tool_search` on the Responses API ({@link createResponsesToolSearch}). */
export const openaiResponsesAdapter: ToolSearchAdapterDefinition = {
  specificationVersion: 'v1',
  name: 'openai-responses',
  package: '@loadout/openai',
  searchTool: 'tool_search (execution: client)',
  loadedBy: 'the tool_search_output carries the function definitions',
  create(options): ToolSearchAdapter {
    const search = createResponsesToolSearch(options);
    return {
      specificationVersion: 'v1',
      searchToolName: search.searchToolName,
      request: () => adapterRequest(search.request()),
      isSearchCall: (call) => isRecord(call) && search.isSearchCall(call),
      searchCall: (input, callId) => ({ type: 'tool_search_call', call_id: callId, execution: 'client', arguments: input }),
      async answer(call) {
        const { output, loaded, message } = await search.answer(call as ToolSearchCallItem | FunctionCallItem);
        return { output, loaded, message };
      },
      exchange: (call, output) => [call, output],
      loaded(transcript) {
        const ids = plainCallIds(transcript, search.searchToolName);
        return discoveredNames(inputDiscoveries(transcript as readonly ResponseInputItem[], (id) => ids.has(id)));
      },
      describe: (apiName) => search.functionFor(apiName)?.description ?? (search.toolFor(apiName) === undefined ? undefined : ''),
      searchCost: (apiNames) => search.searchCost(apiNames),
    };
  },
};
