import { createLoadoutError, describeValue } from '@loadout/core';
import { createDiscoverySession, createToolSearchKit, searchFailureText } from '@loadout/core/adapter';
import type { CatalogTool } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import { jsonSchema, tool } from 'ai';
import type { ModelMessage, Tool, ToolSet } from 'ai';
import type { AiSdkToolSearch, AiSdkToolSearchOptions } from './ai-sdk-tool-search-types.js';
import { messageDiscoveries } from './message-discoveries.js';

const OWNER = 'createAiSdkToolSearch';

function objectSchema(catalogTool: CatalogTool): Record<string, unknown> {
  const schema = catalogTool.inputSchema;
  return schema['type'] === undefined ? { type: 'object', ...schema } : { ...schema };
}

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
 * `{ error, code: "tool-not-loaded" }` without running `execute`. Throws
 * `invalid-option` naming a bad option.
 */
export function createAiSdkToolSearch(options: AiSdkToolSearchOptions): AiSdkToolSearch {
  const kit = createToolSearchKit(OWNER, { ...options, planOptions: { ...options?.planOptions, tokenCounter: options?.planOptions?.tokenCounter ?? defaultTokenCounter() } });
  if (typeof options.execute !== 'function') {
    throw createLoadoutError('invalid-option', `${OWNER}: execute must be a function running catalog tools, got ${describeValue(options.execute)}`, { option: 'execute' });
  }
  const plan = kit.plan();
  const session = createDiscoverySession();
  const deferred = new Set(plan.deferred.flatMap((name) => kit.catalog.byDisplayName.get(name)?.apiName ?? []));
  const upfront = plan.tools.filter((planned) => !planned.deferred).map((planned) => planned.apiName);
  const on = deferred.size > 0;
  const { searchToolName } = kit;

  const tools: ToolSet = {};
  if (on) {
    tools[searchToolName] = tool({
      description: [
        'Search the tools that are not loaded yet and load the best matches; they can be called from the next step on.',
        kit.summary,
        `Query with keywords, +required terms, or select:name_a,name_b; loads up to ${kit.limit} tools unless limit says otherwise.`,
      ]
        .filter((part) => part !== '')
        .join(' '),
      inputSchema: jsonSchema<{ query: string; limit?: number }>({
        type: 'object',
        properties: {
          query: { type: 'string', description: `Keywords, +required terms, or select:name_a,name_b; at most ${kit.maxQueryLength} characters.` },
          limit: { type: 'integer', minimum: 1, maximum: kit.maxLimit },
        },
        required: ['query'],
        additionalProperties: false,
      }),
      execute: async (input) => {
        const answer = await kit.search(input, { exclude: session.isLoaded });
        const failure = searchFailureText(answer);
        if (failure !== null || !answer.ok) return { loaded: [], error: failure };
        return { loaded: answer.tools.map((found) => found.name), tools: answer.tools.map((found) => ({ name: found.name, description: found.description })) };
      },
    });
  }
  for (const catalogTool of kit.catalog.tools) {
    const name = catalogTool.apiName;
    const description = kit.planned(name)?.description ?? catalogTool.description;
    const definition: Tool<unknown, unknown> = tool({
      ...(description === '' ? {} : { description }),
      inputSchema: jsonSchema<unknown>(objectSchema(catalogTool) as never),
      execute: async (input: unknown, { toolCallId }: { toolCallId: string }) =>
        deferred.has(name) && !session.isLoaded(name)
          ? { error: `tool ${name} is not loaded; call ${searchToolName} to load it first`, code: 'tool-not-loaded' }
          : await options.execute({ name, arguments: input, callId: toolCallId, tool: catalogTool }),
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
