import { createLoadoutError, describeValue } from '@loadout/core';
import { createDiscoverySession, createToolSearchKit } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { defaultTokenCounter } from '@loadout/tokens';
import { jsonSchema, tool } from 'ai';
import type { ModelMessage, Tool, ToolSet } from 'ai';
import type { AiSdkToolSearch, AiSdkToolSearchOptions } from './ai-sdk-tool-search-types.js';
import { messageDiscoveries } from './message-discoveries.js';
import { createAiSdkToolLayout } from './plan/ai-sdk-tool-layout.js';

const OWNER = 'createAiSdkToolSearch';

/**
 * Tool search for the Vercel AI SDK on core's kernels: every catalog tool
 * is in `tools` (so any provider can call it once it is active), and
 * `prepareStep` sets `activeTools` to the search tool, the upfront tools
 * ({@link planDeferral}: core tools, `alwaysLoad`, mod pins) and the tools
 * the conversation's searches found ({@link answerToolSearch}). A tool stays
 * active while a search result that loaded it is in the messages.
 *
 * The search tool returns `{ loaded, tools: [{ name, description }] }`, or
 * `{ loaded: [], error }` for an empty, over-long or malformed query. A
 * call of a deferred tool that is not loaded returns
 * `{ error, code: "tool-not-loaded" }` without running `execute`, and one
 * whose arguments are not a JSON object `{ error, code: "invalid-input" }`; each
 * call `execute` runs feeds `recordUsage` (a search followed by a run of
 * one of its hits). Throws `invalid-option` naming a bad option.
 */
export function createAiSdkToolSearch(options: AiSdkToolSearchOptions): AiSdkToolSearch {
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter: options?.planOptions?.tokenCounter ?? defaultTokenCounter() } });
  if (typeof options.execute !== 'function') {
    throw createLoadoutError('invalid-option', `${OWNER}: execute must be a function running catalog tools, got ${describeValue(options.execute)}`, { option: 'execute' });
  }
  const layout = createAiSdkToolLayout(kit);
  const { plan, deferred, upfront, on } = layout;
  const session = createDiscoverySession();
  const { searchToolName } = kit;

  const tools: ToolSet = {};
  if (layout.searchTool !== null) {
    tools[searchToolName] = tool({
      ...layout.searchTool,
      inputSchema: jsonSchema<{ query: string; limit?: number }>(layout.searchTool.inputSchema as never),
      execute: async (input) => layout.searchResult(await kit.search(input, { exclude: session.isLoaded })),
    });
  }
  for (const catalogTool of kit.catalog.tools) {
    const name = catalogTool.apiName;
    const shape = layout.toolShape(catalogTool);
    const definition: Tool<unknown, unknown> = tool({
      ...shape,
      inputSchema: jsonSchema<unknown>(shape.inputSchema as never),
      execute: async (input: unknown, { toolCallId }: { toolCallId: string }) => {
        if (deferred.has(name) && !session.isLoaded(name)) {
          return { error: `tool ${name} is not loaded; call ${searchToolName} to load it first`, code: 'tool-not-loaded' };
        }
        if (!isRecord(input)) return { error: `${name}: arguments must be a JSON object, got ${describeValue(input)}`, code: 'invalid-input' };
        kit.called(name);
        return await options.execute({ name, arguments: input, callId: toolCallId, tool: catalogTool });
      },
    });
    tools[name] = definition;
  }

  const activeTools = (messages: readonly ModelMessage[] = []): string[] => {
    if (!on) return [...upfront];
    session.sync(messageDiscoveries(messages, searchToolName));
    return [searchToolName, ...upfront, ...session.loaded()];
  };

  return {
    tools,
    prepareStep: ({ messages }) => ({ activeTools: activeTools(messages) }),
    activeTools,
    loaded: session.loaded,
    catalog: kit.catalog,
    summary: kit.summary,
    searchToolName,
    plan,
  };
}
