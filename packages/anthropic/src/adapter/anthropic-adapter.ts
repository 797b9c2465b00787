import { adapterRequest, discoveredNames } from '@loadout/core/adapter';
import type { ToolSearchAdapter, ToolSearchAdapterDefinition, ToolSearchAdapterOptions } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import type { MessageParam, ToolResultBlock } from '../api-types.js';
import { conversationDiscoveries } from '../message-discoveries.js';
import { createToolSearch } from '../tool-search/create-tool-search.js';
import type { ToolSearchPolicyInput } from '../tool-search/tool-search-options.js';
import type { ToolUseLike } from '../tool-search/tool-search-types.js';

/** The model the adapter plans for when the options give no policy. */
const DEFAULT_MODEL = 'claude-sonnet-4-5';

/** Claude's policy input for the neutral options: `toolSearch: false` is `ENABLE_TOOL_SEARCH=false`, `mods` are the policy's mods. */
function policyOf(options: ToolSearchAdapterOptions): ToolSearchPolicyInput {
  const policy = options.policy ?? { model: DEFAULT_MODEL };
  return {
    ...policy,
    ...(options.mods !== undefined && options.mods.length > 0 ? { mods: options.mods } : {}),
    ...(options.toolSearch === false ? { env: { ...policy.env, ENABLE_TOOL_SEARCH: 'false' } } : {}),
  };
}

/** The text of a `tool_result` that loads nothing (a failed or empty search), else null. */
function resultText(result: ToolResultBlock): string | null {
  return typeof result.content === 'string' ? result.content : null;
}

/** `anthropic`: a custom search tool on the Messages API answered with `tool_reference` blocks, planned by Claude's policy ({@link createToolSearch}). */
export const anthropicAdapter: ToolSearchAdapterDefinition = {
  specificationVersion: 'v1',
  name: 'anthropic',
  package: '@loadout/anthropic',
  searchTool: 'search_tools (custom tool answered with tool_reference blocks)',
  loadedBy: 'tool_reference blocks; the API expands the definitions sent with defer_loading',
  create(options): ToolSearchAdapter {
    const search = createToolSearch({
      tools: options.tools,
      ...(options.servers === undefined ? {} : { servers: options.servers }),
      ranker: options.ranker,
      ...(options.planOptions === undefined ? {} : { planOptions: options.planOptions }),
      policy: policyOf(options),
      ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    });
    return {
      specificationVersion: 'v1',
      searchToolName: search.searchToolName,
      request: () => adapterRequest(search.request()),
      isSearchCall: (call) => isRecord(call) && typeof call['type'] === 'string' && search.isSearchCall(call as { type: string; name?: string }),
      searchCall: (input, callId) => ({ type: 'tool_use', id: callId, name: search.searchToolName, input }),
      async answer(call) {
        const output = await search.answer(call as ToolUseLike);
        const loaded = Array.isArray(output.content) ? output.content.flatMap((block) => (block.type === 'tool_reference' ? [block.tool_name] : [])) : [];
        return { output, loaded, message: resultText(output) };
      },
      exchange: (call, output) => [
        { role: 'assistant', content: [call] },
        { role: 'user', content: [output] },
      ],
      loaded: (transcript) => discoveredNames(conversationDiscoveries(transcript as readonly MessageParam[])),
      describe(apiName) {
        const tool = search.request().tools.find((definition) => definition.name === apiName);
        return tool === undefined ? undefined : 'description' in tool ? (tool.description ?? '') : '';
      },
      searchCost: (apiNames) => search.searchCost(apiNames),
    };
  },
};
