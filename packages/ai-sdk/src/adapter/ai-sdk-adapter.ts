import { createToolSearchKit, discoveredNames } from '@loadout/core/adapter';
import type { ToolSearchAdapter, ToolSearchAdapterDefinition } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { defaultTokenCounter } from '@loadout/tokens';
import type { ModelMessage } from 'ai';
import { messageDiscoveries } from '../message-discoveries.js';
import { createAiSdkToolLayout } from '../plan/ai-sdk-tool-layout.js';
import { layoutRequest } from '../plan/plan-ai-sdk-request.js';

/**
 * `ai-sdk`: a search tool and `activeTools` for any Vercel AI SDK provider
 * (`createAiSdkToolSearch`), rendered as the AI SDK hands tools to a
 * provider, without the `ai` package: calls and results are the AI SDK's
 * `tool-call` and `tool-result` parts.
 */
export const aiSdkAdapter: ToolSearchAdapterDefinition = {
  specificationVersion: 'v1',
  name: 'ai-sdk',
  package: '@loadout/ai-sdk',
  searchTool: 'search_tools (a tool; prepareStep sets activeTools)',
  loadedBy: 'activeTools adds the definitions to the later steps',
  create(options): ToolSearchAdapter {
    const tokenCounter = options.planOptions?.tokenCounter ?? defaultTokenCounter();
    const kit = createToolSearchKit('aiSdkAdapter', { ...options, planOptions: { ...options.planOptions, tokenCounter } });
    const layout = createAiSdkToolLayout(kit);
    const { searchToolName } = kit;
    const first = layoutRequest(layout, tokenCounter);
    return {
      specificationVersion: 'v1',
      searchToolName,
      request: () => ({
        tools: first.tools,
        toolSearch: first.toolSearch,
        // The first active tool is the search tool when tool search is on.
        upfront: first.toolSearch === 'on' ? first.activeTools.slice(1) : first.activeTools,
        deferred: [...layout.deferred],
        tokens: first.tokens,
        plan: first.plan,
      }),
      isSearchCall: (call) => layout.on && isRecord(call) && call['type'] === 'tool-call' && call['toolName'] === searchToolName,
      searchCall: (input, callId) => ({ type: 'tool-call', toolCallId: callId, toolName: searchToolName, input }),
      async answer(call) {
        const input = isRecord(call) ? call['input'] : undefined;
        const result = layout.searchResult(await kit.search(input));
        const toolCallId = isRecord(call) ? call['toolCallId'] : undefined;
        const output = { type: 'tool-result', toolCallId, toolName: searchToolName, output: { type: 'json', value: result } };
        return { output, loaded: result.loaded, message: 'error' in result ? result.error : null };
      },
      exchange: (call, output) => [
        { role: 'assistant', content: [call] },
        { role: 'tool', content: [output] },
      ],
      loaded: (transcript) => discoveredNames(messageDiscoveries(transcript as readonly ModelMessage[], searchToolName)),
      describe(apiName) {
        const tool = kit.catalog.byApiName.get(apiName);
        return tool === undefined ? undefined : (layout.toolShape(tool).description ?? '');
      },
      searchCost: (apiNames) => first.searchCost(apiNames),
    };
  },
};
