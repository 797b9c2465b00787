import { createLoadoutError, describeValue } from '@loadout/core';
import { createToolFailureReporter, createToolSearchKit, discoveredNames } from '@loadout/core/adapter';
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
 * the conversation's searches found ({@link answerToolSearch}). A tool is
 * loaded while a search result that loaded it is in the messages.
 *
 * The object keeps no conversation state: `prepareStep` and every tool's
 * `execute` read the loaded tools from the messages the AI SDK hands them,
 * so one object (created once, at module level) serves any number of
 * concurrent `generateText` / `streamText` calls, with or without
 * `prepareStep`.
 *
 * The search tool returns `{ loaded, tools: [{ name, description }] }`, or
 * `{ loaded: [], error }` for an empty, over-long or malformed query. A
 * call of a deferred tool no search result in the messages loaded returns
 * `{ error, code: "tool-not-loaded" }` without running `execute`, one
 * whose arguments are not a JSON object `{ error, code: "invalid-input" }`,
 * and one whose `execute` throws `{ error, code: "tool-failed" }` (the
 * model sees it, credentials in the message masked or `toolErrorMessage`'s
 * text; the generation goes on; `onWarning` gets a `tool-failed` warning
 * with the full error); each call `execute` runs feeds
 * `recordUsage` (a search followed by a run of one of its hits). Throws
 * `invalid-option` naming a bad option.
 */
export function createAiSdkToolSearch(options: AiSdkToolSearchOptions): AiSdkToolSearch {
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter: options?.planOptions?.tokenCounter ?? defaultTokenCounter() } });
  if (typeof options.execute !== 'function') {
    throw createLoadoutError('invalid-option', `${OWNER}: execute must be a function running catalog tools, got ${describeValue(options.execute)}`, { option: 'execute' });
  }
  const toolFailed = createToolFailureReporter(OWNER, options);
  const layout = createAiSdkToolLayout(kit);
  const { plan, deferred, upfront, on } = layout;
  const { searchToolName } = kit;
  /** The loaded tools of the conversation `loaded()` reports: the one a step or a tool call of this object saw last. */
  let lastSeen: string[] = [];
  /** The tools the searches in these messages loaded, in load order; remembered for `loaded()`. */
  const loadedIn = (messages: readonly ModelMessage[] | undefined): string[] => {
    lastSeen = on ? discoveredNames(messageDiscoveries(messages ?? [], searchToolName)) : [];
    return lastSeen;
  };
  const tools: ToolSet = {};
  if (layout.searchTool !== null) {
    tools[searchToolName] = tool({
      ...layout.searchTool,
      inputSchema: jsonSchema<{ query: string; limit?: number }>(layout.searchTool.inputSchema as never),
      execute: async (input, { messages }) => {
        const loaded = new Set(loadedIn(messages));
        return layout.searchResult(await kit.search(input, { exclude: (name) => loaded.has(name) }));
      },
    });
  }
  for (const catalogTool of kit.catalog.tools) {
    const name = catalogTool.apiName;
    const shape = layout.toolShape(catalogTool);
    const definition: Tool<unknown, unknown> = tool({
      ...shape,
      inputSchema: jsonSchema<unknown>(shape.inputSchema as never),
      execute: async (input: unknown, { toolCallId, messages }: { toolCallId: string; messages?: readonly ModelMessage[] }) => {
        if (deferred.has(name) && !loadedIn(messages).includes(name)) {
          return { error: `tool ${name} is not loaded; call ${searchToolName} to load it first`, code: 'tool-not-loaded' };
        }
        if (!isRecord(input)) return { error: `${name}: arguments must be a JSON object, got ${describeValue(input)}`, code: 'invalid-input' };
        kit.called(name);
        const call = { name, arguments: input, callId: toolCallId, tool: catalogTool };
        try {
          return await options.execute(call);
        } catch (error) {
          return toolFailed(call, error);
        }
      },
    });
    tools[name] = definition;
  }
  const activeTools = (messages: readonly ModelMessage[] = []): string[] => {
    if (!on) return [...upfront];
    return [searchToolName, ...upfront, ...loadedIn(messages)];
  };
  return {
    tools,
    prepareStep: ({ messages }) => ({ activeTools: activeTools(messages) }),
    activeTools,
    loaded: () => [...lastSeen],
    catalog: kit.catalog,
    summary: kit.summary,
    searchToolName,
    plan,
  };
}
