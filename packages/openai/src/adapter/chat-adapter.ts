import { adapterRequest, discoveredNames } from '@loadout/core/adapter';
import type { ToolSearchAdapter, ToolSearchAdapterDefinition } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { chatDiscoveries } from '../chat/chat-discoveries.js';
import type { ChatToolSearchMode } from '../chat/chat-tool-search-types.js';
import type { ChatMessage, ChatToolCall } from '../chat/chat-types.js';
import { createChatToolSearch } from '../chat/create-chat-tool-search.js';


function chatAdapter(name: string, mode: ChatToolSearchMode, searchTool: string, loadedBy: string): ToolSearchAdapterDefinition {
  return {
    specificationVersion: 'v1',
    name,
    package: '@loadout/openai/chat',
    searchTool,
    loadedBy,
    create(options): ToolSearchAdapter {
      const search = createChatToolSearch({ ...options, mode });
      return {
        specificationVersion: 'v1',
        searchToolName: search.searchToolName,
        request: () => adapterRequest(search.request()),
        isSearchCall: (call) => isRecord(call) && search.isSearchCall(call as unknown as ChatToolCall),
        searchCall: (input, callId) => ({ id: callId, type: 'function', function: { name: search.searchToolName, arguments: JSON.stringify(input) } }),
        async answer(call) {
          const { message, loaded, failure } = await search.answer(call as ChatToolCall);
          return { output: message, loaded, message: failure };
        },
        exchange: (call, output) => [{ role: 'assistant', content: null, tool_calls: [call] }, output],
        loaded: (transcript) => discoveredNames(chatDiscoveries(transcript as readonly ChatMessage[], search.searchToolName)),
        describe: (apiName) => search.functionFor(apiName)?.function.description ?? (search.toolFor(apiName) === undefined ? undefined : ''),
        searchCost: (apiNames) => search.searchCost(apiNames),
      };
    },
  };
}

/** `openai-chat`: a `search_tools` function on any Chat Completions server, answered with the definitions as JSON ({@link createChatToolSearch}, `plain`). */
export const openaiChatAdapter = chatAdapter(
  'openai-chat',
  'plain',
  'search_tools (function; answered with the definitions as JSON)',
  'a JSON copy in the tool message, then the functions in every later request',
);

/** `openai-chat-tool-reference`: deferred functions and `tool_reference` answers on gateways that take them ({@link createChatToolSearch}, `tool-reference`). */
export const openaiChatToolReferenceAdapter = chatAdapter(
  'openai-chat-tool-reference',
  'tool-reference',
  'search_tools (function; answered with tool_reference blocks)',
  'tool_reference blocks; the gateway expands the definitions sent with defer_loading',
);
