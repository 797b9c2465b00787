import { isLoadoutError } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { CREATE_ISSUE, TOOLS, WEATHER } from '../__fixtures__/catalog.js';
import { createResponsesToolSearch } from './create-responses-tool-search.js';
import type { ResponsesToolSearchOptions } from './responses-tool-search-types.js';

const create = (options: Partial<ResponsesToolSearchOptions> = {}) =>
  createResponsesToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() }, ...options });
const call = (query: unknown, callId = 'call_1') => ({ type: 'tool_search_call' as const, call_id: callId, execution: 'client' as const, arguments: { query } });

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('createResponsesToolSearch: request', () => {
  it('declares a client tool_search carrying the summary, then only the upfront functions', () => {
    const request = create().request();
    expect(request.mode).toBe('tool-search');
    expect(request.upfront).toEqual(['Bash', 'mcp__github__whoami']);
    expect(request.deferred).toEqual([WEATHER, 'mcp__slack__send_message', 'mcp__slack__search_messages', CREATE_ISSUE, 'mcp__github__list_issues']);
    expect(request.tools[0]).toMatchObject({ type: 'tool_search', execution: 'client', parameters: { required: ['query'] } });
    expect((request.tools[0] as { description: string }).description).toMatch(/You can search for tools to interact with/);
    expect(request.tools.slice(1)).toEqual([
      { type: 'function', name: 'Bash', description: 'Run a shell command.', parameters: TOOLS[0]!.inputSchema, strict: false },
      { type: 'function', name: 'mcp__github__whoami', description: 'The signed-in GitHub user.', parameters: { type: 'object', properties: {} }, strict: false },
    ]);
  });

  it('declares deferred functions with defer_loading and groups them in namespaces per server when asked', () => {
    const request = create({ declareDeferred: true, namespaces: true }).request();
    expect(request.tools.map((tool) => [tool.type, 'name' in tool ? tool.name : null])).toEqual([
      ['tool_search', null],
      ['function', 'Bash'],
      ['namespace', 'github'],
      ['namespace', 'weather'],
      ['namespace', 'slack'],
    ]);
    const github = request.tools[2] as { tools: { name: string; defer_loading?: boolean }[] };
    expect(github.tools.map((tool) => [tool.name, tool.defer_loading ?? false])).toEqual([
      ['mcp__github__whoami', false],
      [CREATE_ISSUE, true],
      ['mcp__github__list_issues', true],
    ]);
  });

  it('sends every tool upfront when tool search is off, disabled within the limit, or nothing is deferrable', () => {
    expect(create({ toolSearch: false }).request()).toMatchObject({ mode: 'upfront', toolSearch: 'off', deferred: [] });
    expect(create().request({ disabled: true }).tools).toHaveLength(TOOLS.length);
    expect(create({ toolSearch: (tokens) => tokens > 1_000_000 }).request().mode).toBe('upfront');
  });

  it('plain-search within maxFunctions: a request names the loaded tools it cannot declare, an answer unloads the least recently used', async () => {
    const search = create({ maxFunctions: 4 });
    // Bash and whoami are upfront: one function is left for loaded tools.
    const request = search.request({ disabled: true, loaded: [WEATHER, CREATE_ISSUE] });
    expect(request.upfront).toEqual(['Bash', 'mcp__github__whoami', CREATE_ISSUE]);
    expect(request.unloaded).toEqual([WEATHER]);
    const answer = await search.answer(
      { type: 'function_call', call_id: 'c1', name: 'search_tools', arguments: JSON.stringify({ query: 'select:mcp__slack__send_message' }) },
      { loaded: [CREATE_ISSUE] },
    );
    expect(answer.loaded).toEqual(['mcp__slack__send_message']);
    expect(answer.unloaded).toEqual([CREATE_ISSUE]);
    expect(JSON.parse((answer.output as { output: string }).output)).toMatchObject({ loaded: ['mcp__slack__send_message'], unloaded: [CREATE_ISSUE] });
    expect(search.request({ disabled: true, loaded: ['mcp__slack__send_message'] }).unloaded).toEqual([]);
  });

  it('falls back to a plain search function with the loaded tools when a disabled catalog exceeds maxFunctions', () => {
    const request = create({ maxFunctions: 4 }).request({ disabled: true, loaded: [WEATHER, 'Bash', 'ghost'] });
    expect(request.mode).toBe('plain-search');
    expect(request.tools.map((tool) => ('name' in tool ? tool.name : tool.type))).toEqual(['search_tools', 'Bash', 'mcp__github__whoami', WEATHER]);
  });

  it('refuses more upfront functions than maxFunctions, and bad options, with stable codes', () => {
    const tooMany = caught(() => create({ maxFunctions: 1 }).request());
    expect(isLoadoutError(tooMany) && tooMany.code).toBe('invalid-input');
    expect((tooMany as Error).message).toMatch(/2 functions would be declared; OpenAI accepts at most 1/);
    for (const [options, message] of [
      [{ maxFunctions: 500 }, /maxFunctions must be an integer from 1 to 128 \(got 500\)/],
      [{ ranker: undefined }, /ranker is required/],
      [{ limit: 0 }, /limit must be an integer from 1 to 100 \(got 0\)/],
    ] as const) {
      const error = caught(() => create(options as Partial<ResponsesToolSearchOptions>));
      expect(isLoadoutError(error) && error.code).toBe('invalid-option');
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe('createResponsesToolSearch: token accounting', () => {
  it('counts the rendered tools: what the model reads up front (the search tool included), what stays deferred, the bytes, and what a search loads', async () => {
    const counter = createFakeTokenCounter();
    const count = (value: unknown): number => counter.count(JSON.stringify(value));
    const search = create({ planOptions: { tokenCounter: counter } });
    const request = search.request();
    const sum = (values: readonly unknown[]): number => values.reduce<number>((total, value) => total + count(value), 0);
    expect(request.tokens).toEqual({
      upfront: sum(request.tools),
      deferred: sum(request.deferred.map((name) => search.functionFor(name))),
      bytes: Buffer.byteLength(JSON.stringify(request.tools)),
      definitions: request.tools.length,
      deferredDefinitions: 0,
    });
    expect(request.tokens.deferred).toBeGreaterThan(0);
    const answer = await search.answer(call('select:get_weather'));
    const weather = search.functionFor(WEATHER);
    expect(answer.tokens).toBe(count(weather));
    expect(answer.cost).toEqual({ definitions: count(weather), overhead: count({ ...answer.output, tools: [] }), total: count(weather) + count({ ...answer.output, tools: [] }) });
    expect(search.searchCost([WEATHER])).toEqual(answer.cost);
    const plain = search.searchCost([WEATHER], { mode: 'plain-search' });
    expect(plain.definitions).toBe(count(weather));
    expect(plain.overhead).toBeGreaterThan(plain.definitions);
    const off = create({ toolSearch: false, planOptions: { tokenCounter: counter } }).request();
    expect(off.tokens).toMatchObject({ upfront: sum(off.tools), deferred: 0 });
  });
});

describe('createResponsesToolSearch: answer', () => {
  it('answers a tool_search_call with a tool_search_output of the same call_id holding function definitions', async () => {
    const search = create();
    search.request();
    const { output, loaded, message } = await search.answer(call('weather city'));
    expect(message).toBeNull();
    expect(loaded[0]).toBe(WEATHER);
    expect(output).toMatchObject({ type: 'tool_search_output', call_id: 'call_1', execution: 'client', status: 'completed' });
    expect((output as { tools: unknown[] }).tools[0]).toEqual({
      type: 'function',
      name: WEATHER,
      description: 'Get the current weather forecast for a city.',
      parameters: TOOLS[1]!.inputSchema,
      strict: false,
    });
  });

  it('returns only deferred tools not loaded yet, with descriptions after mods, in namespaces when asked', async () => {
    const search = create({
      namespaces: true,
      mods: [{ plugin: 'rewrite', rules: [{ tool: 'create_issue', description: 'Open an issue (rewritten).' }] }],
    });
    search.request();
    const { output, loaded } = await search.answer(call('select:create_issue,list_issues,whoami'), { isLoaded: (name) => name === 'mcp__github__list_issues' });
    expect(loaded).toEqual([CREATE_ISSUE]);
    expect((output as { tools: unknown[] }).tools).toEqual([
      {
        type: 'namespace',
        name: 'github',
        description: 'Tools of the github server.',
        tools: [{ type: 'function', name: CREATE_ISSUE, description: 'Open an issue (rewritten).', parameters: TOOLS[4]!.inputSchema, strict: false }],
      },
    ]);
  });

  it.each([
    ['an empty query', '', /names nothing to search for \[query-empty\]/],
    ['an over-long query', 'x'.repeat(501), /query-too-long/],
    ['a query that is not a string', 42, /query must be a string, got 42/],
  ])('answers %s with no tools and a message for the model', async (_, query, pattern) => {
    const search = create();
    search.request();
    const answer = await search.answer(call(query));
    expect(answer.output).toMatchObject({ type: 'tool_search_output', call_id: 'call_1', tools: [] });
    expect(answer.message).toMatch(pattern);
  });

  it('answers unparsable JSON arguments and the plain search function', async () => {
    const search = create({ maxFunctions: 4 });
    search.request({ disabled: true });
    const bad = await search.answer({ type: 'tool_search_call', call_id: 'c', arguments: '{"query":' });
    expect(bad.message).toMatch(/^tool_search: arguments must be a JSON object, got a string that is not JSON: .* \[invalid-input\]$/);
    // Arguments of the wrong shape name the tool as the Responses API calls it (the trial of 3463: `search_tools expects`).
    const shape = await search.answer({ type: 'tool_search_call', call_id: 'c3', arguments: { query: 42 } });
    expect(shape.message).toBe('tool_search expects {"query": string, "limit"?: integer}; query must be a string, got 42 [invalid-input]');
    expect(search.isSearchCall({ type: 'function_call', name: 'search_tools' })).toBe(true);
    const plain = await search.answer({ type: 'function_call', call_id: 'c2', name: 'search_tools', arguments: '{"query":"select:get_weather"}' });
    expect(plain.output).toEqual({
      type: 'function_call_output',
      call_id: 'c2',
      output: JSON.stringify({ loaded: [WEATHER], tools: [{ name: WEATHER, description: 'Get the current weather forecast for a city.', parameters: TOOLS[1]!.inputSchema }] }),
    });
  });
});
