import Anthropic, { BadRequestError } from '@anthropic-ai/sdk';
import { isLoadoutError } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, messageReply, text, toolUse } from '../__fixtures__/api-responses.js';
import { FIXTURE_TOOLS } from '../__fixtures__/catalog.js';
import { startLoopbackServer } from '../__fixtures__/loopback-server.js';
import type { LoopbackReply, LoopbackServer, RecordedRequest } from '../__fixtures__/loopback-server.js';
import type { MessageParam } from '../api-types.js';
import { TOOL_SEARCH_BETA } from '../tool-search/constants.js';
import { createToolSearch } from '../tool-search/create-tool-search.js';
import type { CreateToolSearchOptions } from '../tool-search/tool-search-options.js';
import { createMessagesClient } from './create-messages-client.js';
import { createDeploymentMemory, createDiscoverySession } from '@loadout/core/adapter';
import type { DeploymentMemory, DiscoverySession } from '@loadout/core/adapter';
import type { ToolSearchWarning } from './messages-client-types.js';

const MODEL = 'claude-sonnet-4-6';
const WEATHER = 'mcp__weather__get_weather';
let server: LoopbackServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(
  replies: readonly LoopbackReply[] | ((request: RecordedRequest, index: number) => LoopbackReply),
  overrides: Partial<CreateToolSearchOptions> = {},
  memory?: DeploymentMemory,
  session?: DiscoverySession,
) {
  server = await startLoopbackServer(typeof replies === 'function' ? replies : (_, index) => replies[index] ?? errorReply('no more replies', 500, 'api_error'));
  const toolSearch = createToolSearch({
    tools: FIXTURE_TOOLS,
    ranker: createFakeRanker(),
    policy: { model: MODEL, env: {} },
    planOptions: { tokenCounter: createFakeTokenCounter() },
    ...overrides,
  });
  const warnings: ToolSearchWarning[] = [];
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
  const messages = createMessagesClient({ client, toolSearch, onWarning: (warning) => warnings.push(warning), ...(memory ? { memory } : {}), ...(session ? { session } : {}) });
  return { server, toolSearch, messages, warnings, client };
}

const ask = (content: string): MessageParam => ({ role: 'user', content });
const hasDeferred = (body: Record<string, unknown>) => (body['tools'] as Record<string, unknown>[]).some((tool) => 'defer_loading' in tool);
const toolNames = (body: Record<string, unknown>) => (body['tools'] as { name: string }[]).map((tool) => tool.name);

describe('createMessagesClient: client-side search against a loopback API', () => {
  it('sends deferred tools with the beta, answers the search with tool_reference blocks, and keeps them across turns', async () => {
    const { server, toolSearch, messages } = await setup([
      messageReply([text('Let me find a tool.'), toolUse('toolu_s1', 'search_tools', { query: 'weather forecast city' })], 'tool_use'),
      messageReply([toolUse('toolu_w1', WEATHER, { city: 'Paris' })], 'tool_use'),
      messageReply([text('It is 18°C and sunny in Paris.')]),
    ]);
    const first = await messages.create({ model: MODEL, max_tokens: 256, messages: [ask('What is the weather in Paris?')] });

    expect(server.requests).toHaveLength(2);
    const [request0, request1] = server.requests as [RecordedRequest, RecordedRequest];
    expect(request0.method).toBe('POST');
    expect(request0.path).toBe('/v1/messages');
    expect(request0.headers['anthropic-beta']).toBe(TOOL_SEARCH_BETA);
    expect(request0.headers['authorization']).toBe('Bearer test-key');
    expect(request0.headers['content-type']).toBe('application/json');
    const expectedTools = toolSearch.request({ baseURL: server.url }).tools;
    expect(request0.body).toEqual({ model: MODEL, max_tokens: 256, messages: [ask('What is the weather in Paris?')], tools: expectedTools });
    expect(toolNames(request0.body)).toEqual([
      'search_tools',
      'Bash',
      WEATHER,
      'mcp__slack__send_message',
      'mcp__slack__search_messages',
      'mcp__github__create_issue',
      'mcp__github__list_issues',
    ]);
    expect((request0.body['tools'] as Record<string, unknown>[])[2]).toMatchObject({ name: WEATHER, defer_loading: true });
    expect(request1.headers['anthropic-beta']).toBe(TOOL_SEARCH_BETA);
    expect(request1.body).toEqual({
      model: MODEL,
      max_tokens: 256,
      tools: expectedTools,
      messages: [
        ask('What is the weather in Paris?'),
        {
          role: 'assistant',
          content: [text('Let me find a tool.'), toolUse('toolu_s1', 'search_tools', { query: 'weather forecast city' })],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_s1', content: [{ type: 'tool_reference', tool_name: WEATHER }] }],
        },
      ],
    });
    expect(first).toMatchObject({ toolSearch: 'on', reason: 'default-on', searchSteps: 1, searchResults: [], loaded: [WEATHER], unloaded: [], fallback: false, warnings: [] });
    expect(first.message.content).toEqual([toolUse('toolu_w1', WEATHER, { city: 'Paris' })]);
    expect(first.messages).toEqual([...(request1.body['messages'] as MessageParam[]), { role: 'assistant', content: first.message.content }]);
    expect(toolSearch.toolFor(WEATHER)?.name).toBe('get_weather');

    const second = await messages.create({
      model: MODEL,
      max_tokens: 256,
      messages: [...first.messages, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_w1', content: '18°C, sunny' }] }],
    });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.body['messages']).toEqual([
      ...first.messages,
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_w1', content: '18°C, sunny' }] },
    ]);
    expect(second).toMatchObject({ searchSteps: 0, loaded: [], unloaded: [] });
    expect(second.message.content).toEqual([text('It is 18°C and sunny in Paris.')]);
    expect(messages.session).toBeUndefined();
  });

  it('with a session of its own, notices a compaction, reports the unloaded tools, and loads them again when the model searches again', async () => {
    const session = createDiscoverySession();
    const { server, messages } = await setup(
      [
        messageReply([toolUse('toolu_s1', 'search_tools', { query: 'weather' })], 'tool_use'),
        messageReply([text('Sunny.')]),
        messageReply([toolUse('toolu_s2', 'search_tools', { query: 'select:mcp__weather__get_weather' })], 'tool_use'),
        messageReply([toolUse('toolu_w2', WEATHER, { city: 'Rome' })], 'tool_use'),
      ],
      {},
      undefined,
      session,
    );
    const first = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('Weather in Paris?')] });
    expect(first.loaded).toEqual([WEATHER]);

    const compacted: MessageParam[] = [ask('Summary: we looked up the weather in Paris (sunny).'), { role: 'assistant', content: 'Noted.' }, ask('And in Rome?')];
    const second = await messages.create({ model: MODEL, max_tokens: 64, messages: compacted });
    expect(second.unloaded).toEqual([WEATHER]);
    expect(second.loaded).toEqual([WEATHER]);
    expect(second.searchSteps).toBe(1);
    const afterCompaction = server.requests[2]!.body;
    expect(afterCompaction['messages']).toEqual(compacted);
    expect((afterCompaction['tools'] as Record<string, unknown>[]).find((tool) => tool['name'] === WEATHER)).toMatchObject({ defer_loading: true });
    expect((server.requests[3]!.body['messages'] as MessageParam[]).at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_s2', content: [{ type: 'tool_reference', tool_name: WEATHER }] }],
    });
    expect(session.discoveredIn(WEATHER)).toEqual(['toolu_s2']);
  });

  it('serves two concurrent conversations with one client: each create has its own session', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let startB!: () => void;
    const bStarts = new Promise<void>((resolve) => (startB = resolve));
    let count = 0;
    const reply = (content: readonly Record<string, unknown>[], stop_reason = 'end_turn') => ({ id: `msg_${++count}`, type: 'message', role: 'assistant', model: MODEL, content, stop_reason });
    // A's second request (its search answer synced) starts B and is answered only after B's request was synced and sent.
    const create = async (body: { messages: MessageParam[] }) => {
      if (body.messages[0]!.content === 'B: hello') {
        openGate();
        return reply([text('B done')]);
      }
      if (body.messages.length === 1) return reply([toolUse('toolu_s1', 'search_tools', { query: 'select:get_weather' })], 'tool_use');
      startB();
      await gate;
      return reply([text('A done')]);
    };
    const toolSearch = createToolSearch({ tools: FIXTURE_TOOLS, ranker: createFakeRanker(), policy: { model: MODEL, env: {} }, planOptions: { tokenCounter: createFakeTokenCounter() } });
    const messages = createMessagesClient({ client: { baseURL: 'http://fake', beta: { messages: { create } } } as never, toolSearch });
    const a = messages.create({ model: MODEL, max_tokens: 64, messages: [ask('A: weather?')] });
    const b = bStarts.then(() => messages.create({ model: MODEL, max_tokens: 64, messages: [ask('B: hello')] }));
    const [resultA, resultB] = await Promise.all([a, b]);
    expect(resultA).toMatchObject({ loaded: [WEATHER], unloaded: [] });
    expect(resultB).toMatchObject({ loaded: [], unloaded: [] });
  });

  it('loads the tools of two search results that share a tool_use id', async () => {
    const { messages } = await setup([
      messageReply([toolUse('toolu_a', 'search_tools', { query: 'select:get_weather' }), toolUse('toolu_a', 'search_tools', { query: 'select:send_message' })], 'tool_use'),
      messageReply([text('Both found.')]),
    ]);
    const result = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('Weather, then Slack')] });
    expect(result.loaded).toEqual([WEATHER, 'mcp__slack__send_message']);
  });

  it('passes the policy warnings (an invalid ENABLE_TOOL_SEARCH) to each result and, once per client, to onWarning', async () => {
    const { messages, warnings } = await setup([messageReply([text('one')]), messageReply([text('two')])], { policy: { model: MODEL, env: { ENABLE_TOOL_SEARCH: 'flase' } } });
    const first = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('hi')] });
    const second = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('hi again')] });
    const invalidEnv = { code: 'invalid-env', message: expect.stringContaining('ENABLE_TOOL_SEARCH="flase"') };
    expect(first.warnings).toEqual([invalidEnv]);
    expect(second.warnings).toEqual([invalidEnv]);
    expect(warnings).toEqual([invalidEnv]);
    expect(first.toolSearch).toBe('on');
  });

  it('hands search answers back when the response also calls other tools, or when maxSearchSteps is reached', async () => {
    const { server, messages } = await setup([
      messageReply([toolUse('toolu_s1', 'search_tools', { query: 'slack' }), toolUse('toolu_b1', 'Bash', { command: 'ls' })], 'tool_use'),
    ]);
    const result = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('List files and find Slack tools')] });
    expect(server.requests).toHaveLength(1);
    expect(result.searchResults).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_s1',
        content: [
          { type: 'tool_reference', tool_name: 'mcp__slack__send_message' },
          { type: 'tool_reference', tool_name: 'mcp__slack__search_messages' },
        ],
      },
    ]);

    await server.close();
    const limited = await setup([messageReply([toolUse('toolu_s1', 'search_tools', { query: 'slack' })], 'tool_use')]);
    const capped = createMessagesClient({ client: limited.client, toolSearch: limited.toolSearch, maxSearchSteps: 0 });
    const stopped = await capped.create({ model: MODEL, max_tokens: 64, messages: [ask('Find Slack tools')] });
    expect(limited.server.requests).toHaveLength(1);
    expect(stopped.searchResults).toHaveLength(1);
  });

  it('adds the caller own tools and betas, and refuses a request that would break a rule before sending it', async () => {
    const { server, messages } = await setup([messageReply([text('ok')])]);
    const own = { name: 'my_tool', description: 'Mine.', input_schema: { type: 'object' as const } };
    await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('hi')], tools: [own], betas: ['context-1m-2025-08-07'] });
    expect(server.requests[0]!.headers['anthropic-beta']).toBe(`context-1m-2025-08-07,${TOOL_SEARCH_BETA}`);
    expect((server.requests[0]!.body['tools'] as unknown[]).at(-1)).toEqual(own);

    let caught: unknown;
    try {
      await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('hi')], tools: [{ ...own, name: 'Bash' }] });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-input');
    expect((caught as Error).message).toMatch(/tool name "Bash" is defined more than once/);
    expect(server.requests).toHaveLength(1);
  });
});

describe('createMessagesClient: server-side search', () => {
  it('declares the BM25 search tool and passes tool_search_tool_result blocks through untouched', async () => {
    const serverBlocks = [
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'weather' } },
      {
        type: 'tool_search_tool_result',
        tool_use_id: 'srvtoolu_1',
        content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: WEATHER }] },
      },
      toolUse('toolu_w1', WEATHER, { city: 'Oslo' }),
    ];
    const { server, messages } = await setup([messageReply(serverBlocks, 'tool_use'), messageReply([text('Cold.')])], { mode: 'server-bm25', ranker: undefined });
    const first = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('Weather in Oslo?')] });
    expect((server.requests[0]!.body['tools'] as unknown[])[0]).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
    expect(server.requests[0]!.headers['anthropic-beta']).toBe(TOOL_SEARCH_BETA);
    expect(first.message.content).toEqual(serverBlocks);
    expect(first.searchSteps).toBe(0);
    expect(first.loaded).toEqual([WEATHER]);

    await messages.create({
      model: MODEL,
      max_tokens: 64,
      messages: [...first.messages, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_w1', content: '-3°C' }] }],
    });
    expect((server.requests[1]!.body['messages'] as MessageParam[])[1]).toEqual({ role: 'assistant', content: serverBlocks });
  });
});

describe('createMessagesClient: rejection fallback', () => {
  it('retries once upfront after a documented 400, remembers the deployment, warns, and goes upfront straight away next time', async () => {
    const memory = createDeploymentMemory();
    const { server, messages, warnings, client, toolSearch } = await setup(
      [errorReply(`Tool reference '${WEATHER}' not found in available tools`), messageReply([text('ok')]), messageReply([text('ok again')])],
      {},
      memory,
    );
    const first = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('Weather?')] });
    expect(server.requests).toHaveLength(2);
    const retry = server.requests[1]!;
    expect(retry.headers['anthropic-beta']).toBeUndefined();
    expect(hasDeferred(retry.body)).toBe(false);
    expect(toolNames(retry.body)).toEqual(['Bash', WEATHER, 'mcp__slack__send_message', 'mcp__slack__search_messages', 'mcp__github__create_issue', 'mcp__github__list_issues']);
    const expectedWarning: ToolSearchWarning = {
      code: 'tool-search-rejected',
      message: `${server.url} rejected tool search (Tool reference '${WEATHER}' not found in available tools); retried with every tool loaded upfront, and later requests to it will skip tool search`,
      baseURL: server.url,
      rejection: 'reference-not-found',
      apiMessage: `Tool reference '${WEATHER}' not found in available tools`,
    };
    expect(first).toMatchObject({ fallback: true, toolSearch: 'off', reason: 'deployment-rejects', warnings: [expectedWarning] });
    expect(warnings).toEqual([expectedWarning]);
    expect(memory.get(server.url)).toMatchObject({ reason: 'rejected' });

    const second = await messages.create({ model: MODEL, max_tokens: 64, messages: [...first.messages, ask('Thanks')] });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.headers['anthropic-beta']).toBeUndefined();
    expect(hasDeferred(server.requests[2]!.body)).toBe(false);
    expect(second).toMatchObject({ fallback: false, warnings: [], reason: 'deployment-rejects' });
    expect(warnings).toHaveLength(1);

    const sameDeployment = createMessagesClient({ client, toolSearch, memory });
    await sameDeployment.create({ model: MODEL, max_tokens: 64, messages: [ask('Hi')] }).catch(() => undefined);
    expect(server.requests[3]!.headers['anthropic-beta']).toBeUndefined();
  });

  it('rewrites earlier tool_reference results when a gateway starts rejecting them mid-conversation', async () => {
    const { server, messages } = await setup([
      messageReply([toolUse('toolu_s1', 'search_tools', { query: 'weather' })], 'tool_use'),
      messageReply([text('Which city?')]),
      errorReply("messages.2.content.0.content.0: Input tag 'tool_reference' found using 'type' does not match any of the expected tags"),
      messageReply([text('Paris it is.')]),
    ]);
    const first = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('Weather?')] });
    const second = await messages.create({ model: MODEL, max_tokens: 64, messages: [...first.messages, ask('Paris')] });
    expect(second.fallback).toBe(true);
    expect(second.unloaded).toEqual([WEATHER]);
    const retried = server.requests[3]!.body['messages'] as MessageParam[];
    expect(retried[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_s1', content: [{ type: 'text', text: `Loaded tools: ${WEATHER}.` }] }],
    });
    expect(JSON.stringify(retried)).not.toContain('tool_reference');
    expect(second.messages.slice(0, 3)).toEqual(retried.slice(0, 3));
  });

  it('recognises a rejected beta header and the all-deferred 400', async () => {
    for (const message of [
      'Unexpected value(s) `advanced-tool-use-2025-11-20` for the `anthropic-beta` header. Please consult our documentation at docs.anthropic.com or try again without the header.',
      'At least one tool must have defer_loading=false. All tools cannot be deferred.',
    ]) {
      const { server, messages } = await setup([errorReply(message), messageReply([text('ok')])]);
      const result = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('hi')] });
      expect(result.fallback).toBe(true);
      expect(server.requests).toHaveLength(2);
      await server.close();
    }
  });

  it('retries only once, and never for an unrelated 400', async () => {
    const rejection = errorReply('tools.2.defer_loading: Extra inputs are not permitted');
    const always = await setup(() => rejection);
    await expect(always.messages.create({ model: MODEL, max_tokens: 64, messages: [ask('hi')] })).rejects.toBeInstanceOf(BadRequestError);
    expect(always.server.requests).toHaveLength(2);
    expect(always.messages.memory.has(always.server.url)).toBe(true);
    await always.server.close();

    const unrelated = await setup([errorReply('max_tokens: Input should be greater than or equal to 1')]);
    await expect(unrelated.messages.create({ model: MODEL, max_tokens: 0, messages: [ask('hi')] })).rejects.toThrow(/max_tokens/);
    expect(unrelated.server.requests).toHaveLength(1);
    expect(unrelated.messages.memory.records()).toEqual([]);
  });

  it('starts a Foundry deployment without tool search', async () => {
    const { server, messages } = await setup([messageReply([text('ok')])], { policy: { model: MODEL, provider: 'foundry', env: {} } });
    expect(messages.memory.get(server.url)).toEqual({ baseURL: server.url, reason: 'provider-rejects' });
    const result = await messages.create({ model: MODEL, max_tokens: 64, messages: [ask('hi')] });
    expect(result).toMatchObject({ toolSearch: 'off', reason: 'provider-rejects', fallback: false, warnings: [] });
    expect(server.requests[0]!.headers['anthropic-beta']).toBeUndefined();
    expect(hasDeferred(server.requests[0]!.body)).toBe(false);
    expect(toolNames(server.requests[0]!.body)).not.toContain('search_tools');
  });
});
