/**
 * One behaviour table run against every adapter (Anthropic Messages, OpenAI
 * Responses, OpenAI-compatible Chat Completions, Vercel AI SDK): mods,
 * alwaysLoad, the policy's decision and the loaded-tools lifecycle must come
 * out the same, because every adapter renders the same core kernels.
 */
import { createAiSdkToolSearch } from '@loadout/ai-sdk';
import type { DeclarativeMod, ServerSettings, ToolInput } from '@loadout/core';
import { createDiscoverySession } from '@loadout/core/adapter';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { createResponsesSession, createResponsesToolSearch } from '@loadout/openai';
import { chatDiscoveries, createChatToolSearch } from '@loadout/openai/chat';
import { createToolSearch, createToolSearchSession } from '@loadout/anthropic';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';

const object = { type: 'object', properties: { text: { type: 'string' } } };
const TOOLS: ToolInput[] = [
  { name: 'Read', kind: 'core', description: 'Read a file.', inputSchema: object },
  { name: 'get_weather', server: 'weather', description: 'Get the weather for a city.', inputSchema: object },
  { name: 'send_message', server: 'slack', description: 'Send a Slack message.', inputSchema: object },
  { name: 'list_channels', server: 'slack', description: 'List Slack channels.', inputSchema: object },
  { name: 'create_issue', server: 'github', description: 'Create a GitHub issue.', inputSchema: object },
  { name: 'whoami', server: 'github', description: 'The signed-in user.', alwaysLoad: true, inputSchema: object },
  { name: 'query', server: 'db', description: 'Run a SQL query.', inputSchema: object },
];
const SERVERS: Record<string, ServerSettings> = { db: { alwaysLoad: true } };
const MODS: DeclarativeMod[] = [
  { plugin: 'pins', rules: [{ tool: 'send_message', isDeferred: false }, { tool: 'create_issue', description: 'Open an issue (modded).' }] },
];
const WEATHER = 'mcp__weather__get_weather';
const ISSUE = 'mcp__github__create_issue';

interface Setup {
  readonly mods?: DeclarativeMod[];
  readonly toolSearch?: boolean;
}

/** What the table asks every adapter. */
interface Adapter {
  /** Callable catalog tools of the first request (no search tool). */
  upfront(): string[];
  hasSearchTool(): boolean;
  /** Tools a search for `query` loads. */
  search(query: string): Promise<string[]>;
  /** The description the model gets for a tool once it is loaded. */
  description(apiName: string): Promise<string | undefined>;
  /** Loaded tools after a conversation that holds one search answer loading `names`, then after it was compacted away. */
  lifecycle(names: string[]): [string[], string[]];
  /** A search call with these arguments: the tools it loads and the text the model reads about a failure (null when none). */
  failure(input: unknown): Promise<{ loaded: string[]; text: string | null }>;
}

const counter = { tokenCounter: createFakeTokenCounter() };
const neutral = (setup: Setup) => ({ tools: TOOLS, servers: SERVERS, ranker: createFakeRanker(), planOptions: counter, mods: setup.mods ?? [], toolSearch: setup.toolSearch ?? true });

const adapters: Record<string, (setup: Setup) => Adapter> = {
  'anthropic (@loadout/anthropic)': (setup) => {
    const search = createToolSearch({
      tools: TOOLS,
      servers: SERVERS,
      ranker: createFakeRanker(),
      planOptions: counter,
      policy: { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: setup.toolSearch === false ? 'false' : 'true' }, mods: setup.mods ?? [] },
    });
    const request = () => search.request();
    return {
      upfront: () => request().upfront.slice(),
      hasSearchTool: () => request().searchTool !== null,
      async search(query) {
        request();
        const result = await search.answer({ id: 't1', name: 'search_tools', input: { query } });
        return Array.isArray(result.content) ? result.content.flatMap((block) => (block.type === 'tool_reference' ? [block.tool_name] : [])) : [];
      },
      description: async (name) => request().tools.find((tool) => tool.name === name && 'description' in tool)?.['description' as never],
      async failure(input) {
        request();
        const result = await search.answer({ id: 't1', name: 'search_tools', input });
        const loaded = Array.isArray(result.content) ? result.content.flatMap((block) => (block.type === 'tool_reference' ? [block.tool_name] : [])) : [];
        return { loaded, text: result.is_error === true && typeof result.content === 'string' ? result.content : null };
      },
      lifecycle(names) {
        const session = createToolSearchSession();
        const answer = { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: 't1', content: names.map((name) => ({ type: 'tool_reference' as const, tool_name: name })) }] };
        const call = { role: 'assistant' as const, content: [{ type: 'tool_use' as const, id: 't1', name: 'search_tools', input: {} }] };
        session.sync([call, answer]);
        const loaded = session.loaded();
        session.sync([]);
        return [loaded, session.loaded()];
      },
    };
  },
  'openai responses (@loadout/openai)': (setup) => {
    const search = createResponsesToolSearch(neutral(setup));
    const answer = async (query: string) => {
      search.request();
      return (await search.answer({ type: 'tool_search_call', call_id: 'c1', arguments: { query } })).output as { tools?: { name: string; description?: string }[] };
    };
    return {
      upfront: () => search.request().upfront.slice(),
      hasSearchTool: () => search.request().tools.some((tool) => tool.type === 'tool_search'),
      search: async (query) => (await answer(query)).tools?.map((tool) => tool.name) ?? [],
      description: async (name) => (await answer(`select:${name.split('__').at(-1)}`)).tools?.find((tool) => tool.name === name)?.description ?? search.functionFor(name)?.description,
      async failure(input) {
        search.request();
        const result = await search.answer({ type: 'tool_search_call', call_id: 'c1', arguments: input as Record<string, unknown> });
        return { loaded: [...result.loaded], text: result.message };
      },
      lifecycle(names) {
        const session = createResponsesSession();
        session.sync([{ type: 'tool_search_output', call_id: 'c1', tools: names.map((name) => ({ type: 'function', name })) }]);
        const loaded = session.loaded();
        session.sync([]);
        return [loaded, session.loaded()];
      },
    };
  },
  'openai chat completions (@loadout/openai/chat)': (setup) => {
    const search = createChatToolSearch(neutral(setup));
    const answer = async (query: string) => {
      search.request();
      const { message } = await search.answer({ id: 'c1', type: 'function', function: { name: 'search_tools', arguments: JSON.stringify({ query }) } });
      return JSON.parse(message.content as string) as { loaded: string[]; tools?: { name: string; description?: string }[] };
    };
    return {
      upfront: () => search.request().upfront.slice(),
      hasSearchTool: () => search.request().tools.some((tool) => tool.function.name === 'search_tools'),
      search: async (query) => (await answer(query)).loaded,
      description: async (name) =>
        (await answer(`select:${name.split('__').at(-1)}`)).tools?.find((tool) => tool.name === name)?.description ??
        search.request().tools.find((tool) => tool.function.name === name)?.function.description,
      async failure(input) {
        search.request();
        const { message } = await search.answer({ id: 'c1', type: 'function', function: { name: 'search_tools', arguments: JSON.stringify(input) } });
        const parsed = JSON.parse(message.content as string) as { loaded: string[]; error?: string };
        return { loaded: parsed.loaded, text: parsed.error ?? null };
      },
      lifecycle(names) {
        const session = createDiscoverySession();
        const messages = [
          { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search_tools', arguments: '{}' } }] },
          { role: 'tool', tool_call_id: 'c1', content: JSON.stringify({ loaded: names }) },
        ];
        session.sync(chatDiscoveries(messages, 'search_tools'));
        const loaded = session.loaded();
        session.sync(chatDiscoveries([], 'search_tools'));
        return [loaded, session.loaded()];
      },
    };
  },
  'vercel ai sdk (@loadout/ai-sdk)': (setup) => {
    const search = createAiSdkToolSearch({ ...neutral(setup), execute: () => null });
    const searchTool = search.tools['search_tools'];
    const run = async (query: string) =>
      (await searchTool?.execute?.({ query }, { toolCallId: 's', messages: [] })) as { loaded: string[] } | undefined;
    return {
      upfront: () => search.activeTools().filter((name) => name !== 'search_tools'),
      hasSearchTool: () => searchTool !== undefined,
      search: async (query) => (await run(query))?.loaded ?? [],
      description: async (name) => search.tools[name]?.description,
      async failure(input) {
        const result = (await searchTool?.execute?.(input as { query: string }, { toolCallId: 's', messages: [] })) as { loaded: string[]; error?: string | null };
        return { loaded: result.loaded, text: result.error ?? null };
      },
      lifecycle(names) {
        const messages: ModelMessage[] = [
          { role: 'tool', content: [{ type: 'tool-result', toolCallId: 's1', toolName: 'search_tools', output: { type: 'json', value: { loaded: names } } }] },
        ];
        search.activeTools(messages);
        const loaded = search.loaded();
        search.activeTools([]);
        return [loaded, search.loaded()];
      },
    };
  },
};

describe.each(Object.entries(adapters))('%s', (_, build) => {
  it('keeps core tools, alwaysLoad tools and servers upfront and defers the rest behind a search tool', () => {
    const adapter = build({});
    expect(adapter.hasSearchTool()).toBe(true);
    expect(adapter.upfront()).toEqual(['Read', 'mcp__github__whoami', 'mcp__db__query']);
  });

  it('applies mods: a pin moves a tool upfront, a rewrite changes the description the model gets', async () => {
    const adapter = build({ mods: MODS });
    expect(adapter.upfront()).toEqual(['Read', 'mcp__slack__send_message', 'mcp__github__whoami', 'mcp__db__query']);
    expect(await adapter.description(ISSUE)).toBe('Open an issue (modded).');
  });

  it('follows the decision: tool search off sends every tool upfront and no search tool', () => {
    const adapter = build({ toolSearch: false });
    expect(adapter.hasSearchTool()).toBe(false);
    expect(adapter.upfront()).toHaveLength(TOOLS.length);
  });

  it('searches only deferred tools', async () => {
    const adapter = build({ mods: MODS });
    expect(await adapter.search('select:get_weather,send_message,whoami')).toEqual([WEATHER]);
  });

  it.each<[string, unknown, RegExp]>([
    ['an empty query', { query: '  ' }, /names nothing to search for/],
    ['an over-long query', { query: 'x'.repeat(501) }, /501 characters.*limit is 500/],
    ['a query that is not a string', { query: 42 }, /query must be a string/],
  ])('answers %s with no tools and a message naming the problem', async (_label, input, text) => {
    const answer = await build({}).failure(input);
    expect(answer.loaded).toEqual([]);
    expect(answer.text).toMatch(text);
  });

  it('keeps a found tool loaded while its answer is in the conversation and unloads it after compaction', () => {
    expect(build({}).lifecycle([WEATHER, ISSUE])).toEqual([[WEATHER, ISSUE], []]);
  });
});
