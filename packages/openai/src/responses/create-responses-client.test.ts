import type { UsageEvent } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREATE_ISSUE, TOOLS, WEATHER } from '../__fixtures__/catalog.js';
import { startApiDouble } from '../test/api-double.js';
import type { ApiDouble, DoubleReply, DoubleRequest } from '../test/api-double.js';
import { functionCall, message, toolSearchCall } from '../__fixtures__/responses-items.js';
import { createResponsesClient } from './create-responses-client.js';
import { createResponsesToolSearch } from './create-responses-tool-search.js';
import type { ResponsesClientOptions } from './responses-client-types.js';
import type { ResponsesToolSearchOptions } from './responses-tool-search-types.js';

let double: ApiDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function setup(
  model: (request: DoubleRequest, index: number) => DoubleReply,
  options: Partial<ResponsesClientOptions> = {},
  searchOptions: Partial<ResponsesToolSearchOptions> = {},
) {
  double = await startApiDouble(model);
  const client = new OpenAI({ baseURL: double.url, apiKey: 'test-key', maxRetries: 0 });
  const toolSearch = createResponsesToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() }, ...searchOptions });
  const callTool = vi.fn(({ name }: { name: string }) => ({ ok: true, name }));
  return { responses: createResponsesClient({ client, toolSearch, ...options }), toolSearch, callTool, requests: double.requests };
}

const scripted = (...replies: DoubleReply[]) => (_: DoubleRequest, index: number) => replies[index] ?? { output: [message('(no more replies)')] };
const weatherTurn = scripted(
  { output: [toolSearchCall('call_s1', 'weather city')] },
  { output: [functionCall('call_w1', WEATHER, { city: 'Paris' })] },
  { output: [message('Sunny in Paris.')] },
);

describe('createResponsesClient with the openai client', () => {
  it('answers the search, runs the function and sends exactly the items of a stateless conversation', async () => {
    const { responses, toolSearch, callTool, requests } = await setup(weatherTurn);
    const result = await responses.run({ model: 'gpt-5.4', input: 'Weather in Paris?', store: false }, { callTool });
    expect(result).toMatchObject({ text: 'Sunny in Paris.', steps: 3, mode: 'tool-search', fallback: false, truncated: false, responseId: 'resp_3' });
    expect(result.loaded[0]).toBe(WEATHER);
    expect(callTool).toHaveBeenCalledWith({ name: WEATHER, arguments: { city: 'Paris' }, callId: 'call_w1', tool: toolSearch.toolFor(WEATHER) });
    const tools = toolSearch.request().tools;
    const user = { role: 'user', content: 'Weather in Paris?' };
    const searchOutput = (await toolSearch.answer(toolSearchCall('call_s1', 'weather city') as never)).output;
    expect(requests.map((request) => request.body)).toEqual([
      { model: 'gpt-5.4', store: false, input: [user], tools },
      { model: 'gpt-5.4', store: false, input: [user, toolSearchCall('call_s1', 'weather city'), searchOutput], tools },
      {
        model: 'gpt-5.4',
        store: false,
        input: [
          user,
          toolSearchCall('call_s1', 'weather city'),
          searchOutput,
          functionCall('call_w1', WEATHER, { city: 'Paris' }),
          { type: 'function_call_output', call_id: 'call_w1', output: JSON.stringify({ ok: true, name: WEATHER }) },
        ],
        tools,
      },
    ]);
    expect(result.input).toHaveLength(6);
  });

  it('chains with previous_response_id: sends only new items and keeps tools loaded along the chain', async () => {
    const { responses, callTool, requests, toolSearch } = await setup(
      scripted(
        { output: [toolSearchCall('call_s1', 'weather city')] },
        { output: [message('Which city?')] },
        { output: [functionCall('call_w1', WEATHER, { city: 'Paris' })] },
        { output: [message('Sunny.')] },
        { output: [functionCall('call_w2', WEATHER, { city: 'Rome' })] },
        { output: [message('Done.')] },
      ),
    );
    const first = await responses.run({ model: 'gpt-5.4', input: 'Weather?' }, { callTool, chain: true });
    expect(requests[1]!.body['previous_response_id']).toBe('resp_1');
    expect(requests[1]!.body['input']).toMatchObject([{ type: 'tool_search_output', call_id: 'call_s1' }]);
    const second = await responses.run({ model: 'gpt-5.4', input: 'Paris', previous_response_id: first.responseId }, { callTool });
    expect(requests[2]!.body).toMatchObject({ previous_response_id: 'resp_2', input: [{ role: 'user', content: 'Paris' }] });
    expect(requests[3]!.body['input']).toEqual([{ type: 'function_call_output', call_id: 'call_w1', output: JSON.stringify({ ok: true, name: WEATHER }) }]);
    expect(second.text).toBe('Sunny.');
    expect(second.loaded).toEqual([]);
    expect(responses.session).toBeUndefined();
    const fresh = await responses.run({ model: 'gpt-5.4', input: 'New conversation: weather in Rome' }, { callTool });
    expect(fresh.unloaded).toEqual([]);
    expect(JSON.parse((requests[5]!.body['input'] as { output: string }[]).at(-1)!.output)).toMatchObject({ code: 'tool-not-loaded' });
    expect(callTool).toHaveBeenCalledTimes(1);
    expect(toolSearch.isDeferred(WEATHER)).toBe(true);
  });

  it('serves two concurrent runs with one client: each run has its own session', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let startB!: () => void;
    const bStarts = new Promise<void>((resolve) => (startB = resolve));
    let count = 0;
    const reply = (output: unknown[]) => ({ id: `resp_${++count}`, output });
    // A's second request (its search answer synced) starts B and is answered only after B's first request was synced and sent.
    const create = async (body: { input: { type?: string; content?: string }[] }) => {
      if (body.input[0]?.content === 'B: hello') {
        openGate();
        return reply([message('B done')]);
      }
      const types = body.input.map((item) => item.type);
      if (!types.includes('tool_search_output')) return reply([toolSearchCall('call_s1', 'weather city')]);
      if (!types.includes('function_call_output')) {
        startB();
        await gate;
        return reply([functionCall('call_w1', WEATHER, { city: 'Paris' })]);
      }
      return reply([message('A done')]);
    };
    const toolSearch = createResponsesToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() } });
    const responses = createResponsesClient({ client: { baseURL: 'http://fake/v1', responses: { create } } as never, toolSearch });
    const callTool = vi.fn(({ name }: { name: string }) => ({ ok: true, name }));
    const a = responses.run({ model: 'gpt-5.4', input: 'A: weather?' }, { callTool });
    const b = bStarts.then(() => responses.run({ model: 'gpt-5.4', input: 'B: hello' }, { callTool }));
    const [resultA, resultB] = await Promise.all([a, b]);
    expect(resultB.text).toBe('B done');
    expect(resultA.text).toBe('A done');
    expect(resultA.input.at(-2)).toEqual({ type: 'function_call_output', call_id: 'call_w1', output: JSON.stringify({ ok: true, name: WEATHER }) });
    expect(callTool).toHaveBeenCalledTimes(1);
    expect(resultA.loaded).toEqual([WEATHER]);
    expect(resultB).toMatchObject({ loaded: [], unloaded: [] });
  });

  it('answers a callTool that throws with a tool-failed output and goes on, returning the conversation', async () => {
    const { responses, requests } = await setup(weatherTurn);
    // The README's handler pattern: handlers of Record<string, unknown> arguments (tsc checks this file).
    const myHandlers: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = { get_weather: (args) => Promise.reject(new Error(`db down (${String(args['city'])})`)) };
    const result = await responses.run({ model: 'gpt-5.4', input: 'Weather?' }, { callTool: async ({ name, arguments: args, tool }) => myHandlers[tool?.name ?? name]!(args) });
    expect(result.text).toBe('Sunny in Paris.');
    expect((requests[2]!.body['input'] as { output?: string }[]).at(-1)).toEqual({
      type: 'function_call_output',
      call_id: 'call_w1',
      output: JSON.stringify({ error: `${WEATHER} failed: db down (Paris)`, code: 'tool-failed' }),
    });
  });

  it('masks a credential in a handler error for the model and gives the full error to onWarning and the result (the trial of 3463)', async () => {
    const onWarning = vi.fn();
    const { responses, requests } = await setup(weatherTurn, { onWarning });
    const thrown = new Error('weather API failed: Authorization: Bearer sk-SECRET-123');
    const result = await responses.run(
      { model: 'gpt-5.4', input: 'Weather?' },
      {
        callTool: () => {
          throw thrown;
        },
      },
    );
    const sent = `${WEATHER} failed: weather API failed: Authorization: Bearer ***`;
    expect((requests[2]!.body['input'] as { output?: string }[]).at(-1)).toEqual({ type: 'function_call_output', call_id: 'call_w1', output: JSON.stringify({ error: sent, code: 'tool-failed' }) });
    expect(JSON.stringify(requests.map((request) => request.body))).not.toContain('sk-SECRET-123');
    const warning = { code: 'tool-failed', tool: WEATHER, callId: 'call_w1', error: thrown, sent, message: expect.stringContaining('threw: weather API failed: Authorization: Bearer sk-SECRET-123;') };
    expect(onWarning.mock.calls).toEqual([[warning]]);
    expect(result.warnings).toEqual([warning]);
  });

  it('sends what toolErrorMessage returns instead, and refuses one that is not a function', async () => {
    const toolErrorMessage = vi.fn(() => 'the weather service is unavailable');
    const { responses, requests, toolSearch } = await setup(weatherTurn, { toolErrorMessage });
    const result = await responses.run(
      { model: 'gpt-5.4', input: 'Weather?' },
      {
        callTool: () => {
          throw new Error('ECONNREFUSED 10.0.0.7:5432');
        },
      },
    );
    expect((requests[2]!.body['input'] as { output?: string }[]).at(-1)).toMatchObject({ output: JSON.stringify({ error: `${WEATHER} failed: the weather service is unavailable`, code: 'tool-failed' }) });
    expect(toolErrorMessage).toHaveBeenCalledWith(expect.objectContaining({ message: 'ECONNREFUSED 10.0.0.7:5432' }), expect.objectContaining({ name: WEATHER, callId: 'call_w1', tool: expect.objectContaining({ name: 'get_weather' }) }));
    expect(result.warnings).toMatchObject([{ code: 'tool-failed', message: expect.stringContaining('ECONNREFUSED 10.0.0.7:5432') }]);
    const client = new OpenAI({ baseURL: 'http://127.0.0.1:9', apiKey: 'k' });
    expect(() => createResponsesClient({ client, toolSearch, toolErrorMessage: 'hide' as never })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('toolErrorMessage must be a function') }));
  });

  it('answers calls of never-loaded and unknown tools with errors, without the handler', async () => {
    const { responses, callTool, requests } = await setup(
      scripted({ output: [functionCall('c1', CREATE_ISSUE, { repo: 'a', title: 'b' }), functionCall('c2', 'ghost', {}), functionCall('c3', 'Bash', { command: 'ls' })] }),
    );
    await responses.run({ model: 'gpt-5.4', input: 'Go' }, { callTool });
    const outputs = (requests[1]!.body['input'] as { output?: string }[]).slice(-3).map((item) => JSON.parse(item.output!) as unknown);
    expect(outputs).toEqual([
      { error: `tool ${CREATE_ISSUE} is not loaded; call tool_search to load it first`, code: 'tool-not-loaded' },
      { error: 'there is no tool named ghost', code: 'unknown-tool' },
      { ok: true, name: 'Bash' },
    ]);
    expect(callTool).toHaveBeenCalledTimes(1);
  });

  it('records one usage event (recordUsage) when callTool runs a tool the search found, and none for a call refused as not loaded', async () => {
    const events: UsageEvent[] = [];
    const { responses, callTool } = await setup(
      scripted(
        { output: [toolSearchCall('call_s1', 'weather city')] },
        { output: [functionCall('call_w1', WEATHER, { city: 'Paris' }), functionCall('call_c1', CREATE_ISSUE, { repo: 'a', title: 'b' })] },
        { output: [functionCall('call_w2', WEATHER, { city: 'Rome' })] },
        { output: [message('Sunny in both.')] },
      ),
      {},
      { recordUsage: (event) => events.push(event) },
    );
    const result = await responses.run({ model: 'gpt-5.4', input: 'Weather in Paris and Rome, then open an issue' }, { callTool });
    expect(result.text).toBe('Sunny in both.');
    expect(callTool.mock.calls.map(([call]) => call.name)).toEqual([WEATHER, WEATHER]);
    expect(events).toEqual([{ query: 'weather city', called: [WEATHER], at: expect.any(Number) }]);
    responses.toolSearch.called(CREATE_ISSUE);
    expect(events).toHaveLength(1);
  });

  it('records nothing for a tool a search found but the conversation no longer loads (refused before callTool)', async () => {
    const events: UsageEvent[] = [];
    const { responses, callTool } = await setup(
      scripted(
        { output: [toolSearchCall('call_s1', 'weather city')] },
        { output: [message('Found a weather tool.')] },
        // A new conversation without the search: the model calls the tool the earlier search found.
        { output: [functionCall('call_w1', WEATHER, { city: 'Paris' })] },
        { output: [message('Cannot.')] },
      ),
      {},
      { recordUsage: (event) => events.push(event) },
    );
    await responses.run({ model: 'gpt-5.4', input: 'Find a weather tool', store: false }, { callTool });
    const refused = await responses.run({ model: 'gpt-5.4', input: 'Weather in Paris?', store: false }, { callTool });
    expect(JSON.stringify(refused.input)).toContain('tool-not-loaded');
    expect(callTool).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('tells the model why a search failed with a developer message after the empty output', async () => {
    const { responses, callTool, requests } = await setup(scripted({ output: [toolSearchCall('call_s1', '')] }, { output: [message('ok')] }));
    await responses.run({ model: 'gpt-5.4', input: 'Go' }, { callTool });
    expect((requests[1]!.body['input'] as unknown[]).slice(-2)).toEqual([
      { type: 'tool_search_output', call_id: 'call_s1', execution: 'client', status: 'completed', tools: [] },
      { type: 'message', role: 'developer', content: 'tool_search: Search failed: tool search query "" names nothing to search for [query-empty]' },
    ]);
  });

  it.each([
    ['{"query":', 'tool_search: arguments must be a JSON object, got a string that is not JSON: "{\\"query\\":" [invalid-input]'],
    ['just a string', 'tool_search: arguments must be a JSON object, got a string that is not JSON: "just a string" [invalid-input]'],
    [{ query: 42 }, 'tool_search expects {"query": string, "limit"?: integer}; query must be a string, got 42 [invalid-input]'],
  ])('names tool_search once, and the code, in the developer message about arguments %j', async (args, content) => {
    const broken = { ...toolSearchCall('call_s1', ''), arguments: args };
    const { responses, callTool, requests } = await setup(scripted({ output: [broken] }, { output: [message('ok')] }));
    await responses.run({ model: 'gpt-5.4', input: 'Go' }, { callTool });
    expect((requests[1]!.body['input'] as unknown[]).at(-1)).toEqual({ type: 'message', role: 'developer', content });
  });

  it('refuses function arguments that are JSON but not an object (invalid-input), without the handler', async () => {
    const call = (callId: string, text: string) => ({ ...functionCall(callId, 'Bash', {}), arguments: text });
    const { responses, callTool, requests } = await setup(scripted({ output: [call('c1', '[1,2]'), call('c2', '"a string"')] }));
    await responses.run({ model: 'gpt-5.4', input: 'Go' }, { callTool });
    const outputs = (requests[1]!.body['input'] as { output?: string }[]).slice(-2).map((item) => JSON.parse(item.output!) as unknown);
    expect(outputs).toEqual([
      { error: 'Bash: arguments must be a JSON object, got an array of 2 items', code: 'invalid-input' },
      { error: 'Bash: arguments must be a JSON object, got "a string"', code: 'invalid-input' },
    ]);
    expect(callTool).not.toHaveBeenCalled();
  });

  it('falls back once to upfront functions when the deployment rejects tool_search, and remembers it per model', async () => {
    const rejecting = (request: DoubleRequest): DoubleReply =>
      (request.body['tools'] as { type: string }[]).some((tool) => tool.type === 'tool_search')
        ? { status: 400, error: { message: "Invalid value: 'tool_search'. Supported values are: 'function' and 'custom'.", type: 'invalid_request_error', param: 'tools[0].type' } }
        : { output: [message('fine')] };
    const onWarning = vi.fn();
    const { responses, callTool, requests } = await setup(rejecting, { onWarning });
    const result = await responses.run({ model: 'gpt-4.1', input: 'Go' }, { callTool });
    expect(result).toMatchObject({ text: 'fine', fallback: true, mode: 'upfront', steps: 1 });
    expect(result.warnings[0]).toMatchObject({ code: 'tool-search-rejected', deployment: `${double!.url}?model=gpt-4.1` });
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect((requests[1]!.body['tools'] as unknown[]).length).toBe(TOOLS.length);
    await responses.run({ model: 'gpt-4.1', input: 'Again' }, { callTool });
    expect(requests).toHaveLength(3);
    expect(responses.memory.has(`${double!.url}?model=gpt-4.1`)).toBe(true);
    await responses.run({ model: 'gpt-5.4', input: 'Other model' }, { callTool });
    expect(requests).toHaveLength(5);
  });

  it('throws every other API error unchanged, and refuses bad options', async () => {
    const { responses, callTool } = await setup(() => ({ status: 400, error: { message: 'Unknown parameter: foo', type: 'invalid_request_error' } }));
    await expect(responses.run({ model: 'gpt-5.4', input: 'Go' }, { callTool })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(responses.run({ model: 'gpt-5.4', input: 'Go' }, {} as never)).rejects.toMatchObject({ code: 'invalid-option' });
    expect(() => createResponsesClient({ client: {} as never, toolSearch: responses.toolSearch })).toThrow(/client must be an openai client/);
    const withKey = new OpenAI({ apiKey: 'secret-key-123', baseURL: 'http://127.0.0.1:9' });
    expect(() => createResponsesClient({ client: withKey.chat as never, toolSearch: responses.toolSearch })).toThrow(/got a value of type Chat$/);
  });
});
