import type { UsageEvent } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREATE_ISSUE, TOOLS, WEATHER } from '../__fixtures__/catalog.js';
import { assistantCalls, assistantText, declared, messagesOf } from '../__fixtures__/chat-items.js';
import { startApiDouble } from '../test/api-double.js';
import type { ApiDouble, DoubleReply, DoubleRequest } from '../test/api-double.js';
import { createChatClient } from './create-chat-client.js';
import { createChatToolSearch } from './create-chat-tool-search.js';
import type { ChatToolSearchMode, ChatToolSearchOptions } from './chat-tool-search-types.js';

let double: ApiDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function setup(model: (request: DoubleRequest, index: number) => DoubleReply, mode: ChatToolSearchMode, searchOptions: Partial<ChatToolSearchOptions> = {}) {
  double = await startApiDouble(model);
  const client = new OpenAI({ baseURL: double.url, apiKey: 'k', maxRetries: 0 });
  const toolSearch = createChatToolSearch({ tools: TOOLS, ranker: createFakeRanker(), mode, planOptions: { tokenCounter: createFakeTokenCounter() }, ...searchOptions });
  const callTool = vi.fn(({ name }: { name: string }) => ({ ok: true, name }));
  return { chat: createChatClient({ client, toolSearch }), callTool, requests: double.requests, toolSearch };
}

const scripted = (...messages: unknown[]) => (_: DoubleRequest, index: number): DoubleReply => ({ output: [messages[index] ?? assistantText('(end)')] });
const weather = scripted(
  assistantCalls(['call_s1', 'search_tools', { query: 'select:get_weather' }]),
  assistantCalls(['call_w1', WEATHER, { city: 'Paris' }]),
  assistantText('Sunny in Paris.'),
);
const UPFRONT = ['search_tools', 'Bash', 'mcp__github__whoami'];

describe('createChatClient with the openai client', () => {
  it.each(['plain', 'tool-reference'] as const)('%s mode: serves two concurrent runs with one client, each with its own session', async (mode) => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let startB!: () => void;
    const bStarts = new Promise<void>((resolve) => (startB = resolve));
    const reply = (message: unknown) => ({ choices: [{ index: 0, message }] });
    // A's second request (its search answer synced) starts B and is answered only after B's first request was synced and sent.
    const create = async (body: { messages: { role: string; content?: unknown }[] }) => {
      if (body.messages[0]?.content === 'B: hello') {
        openGate();
        return reply(assistantText('B done'));
      }
      const tools = body.messages.filter((message) => message.role === 'tool').length;
      if (tools === 0) return reply(assistantCalls(['call_s1', 'search_tools', { query: 'select:get_weather' }]));
      if (tools === 1) {
        startB();
        await gate;
        return reply(assistantCalls(['call_w1', WEATHER, { city: 'Paris' }]));
      }
      return reply(assistantText('A done'));
    };
    const toolSearch = createChatToolSearch({ tools: TOOLS, ranker: createFakeRanker(), mode, planOptions: { tokenCounter: createFakeTokenCounter() } });
    const chat = createChatClient({ client: { baseURL: 'http://fake/v1', chat: { completions: { create } } } as never, toolSearch });
    const callTool = vi.fn(({ name }: { name: string }) => ({ ok: true, name }));
    const a = chat.run({ model: 'm', messages: [{ role: 'user', content: 'A: weather?' }] }, { callTool });
    const b = bStarts.then(() => chat.run({ model: 'm', messages: [{ role: 'user', content: 'B: hello' }] }, { callTool }));
    const [resultA, resultB] = await Promise.all([a, b]);
    expect([resultA.text, resultB.text]).toEqual(['A done', 'B done']);
    expect(callTool).toHaveBeenCalledTimes(1);
    expect(resultA.loaded).toEqual([WEATHER]);
    expect(resultB).toMatchObject({ loaded: [], unloaded: [] });
    expect(chat.session).toBeUndefined();
  });

  it('answers a callTool that throws with a tool-failed output and goes on', async () => {
    const { chat, requests } = await setup(weather, 'plain');
    const result = await chat.run({ model: 'm', messages: [{ role: 'user', content: 'Weather?' }] }, {
      callTool: () => {
        throw new Error('db down');
      },
    });
    expect(result.text).toBe('Sunny in Paris.');
    expect(messagesOf(requests[2]!.body).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_w1', content: JSON.stringify({ error: `${WEATHER} failed: db down`, code: 'tool-failed' }) });
  });

  it('masks a credential in a handler error for the model and gives the full error to onWarning (the trial of 3463)', async () => {
    const onWarning = vi.fn();
    const { toolSearch, requests } = await setup(weather, 'plain');
    const chat = createChatClient({ client: new OpenAI({ baseURL: double!.url, apiKey: 'k', maxRetries: 0 }), toolSearch, onWarning });
    const result = await chat.run({ model: 'm', messages: [{ role: 'user', content: 'Weather?' }] }, {
      callTool: () => {
        throw new Error('weather API failed: Authorization: Bearer sk-SECRET-123');
      },
    });
    expect(messagesOf(requests[2]!.body).at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_w1',
      content: JSON.stringify({ error: `${WEATHER} failed: weather API failed: Authorization: Bearer ***`, code: 'tool-failed' }),
    });
    expect(JSON.stringify(requests.map((request) => request.body))).not.toContain('sk-SECRET-123');
    expect(onWarning).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-failed', tool: WEATHER, message: expect.stringContaining('Bearer sk-SECRET-123') }));
    expect(result.warnings.map((warning) => warning.code)).toEqual(['tool-failed']);
  });

  it('plain mode: answers the search with JSON definitions and adds the found function to the next request', async () => {
    const { chat, callTool, requests } = await setup(weather, 'plain');
    const result = await chat.run({ model: 'any-model', messages: [{ role: 'user', content: 'Weather?' }] }, { callTool });
    expect(result).toMatchObject({ text: 'Sunny in Paris.', steps: 3, mode: 'plain', loaded: [WEATHER] });
    expect(requests.map((request) => request.path)).toEqual(Array(3).fill('/v1/chat/completions'));
    expect(declared(requests[0]!.body)).toEqual(UPFRONT);
    expect(declared(requests[1]!.body)).toEqual([...UPFRONT, WEATHER]);
    expect(messagesOf(requests[1]!.body).at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_s1',
      content: JSON.stringify({ loaded: [WEATHER], tools: [{ name: WEATHER, description: 'Get the current weather forecast for a city.', parameters: TOOLS[1]!.inputSchema }] }),
    });
    expect(messagesOf(requests[2]!.body).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_w1', content: JSON.stringify({ ok: true, name: WEATHER }) });
    expect(callTool).toHaveBeenCalledTimes(1);
  });

  it('tool-reference mode: declares deferred functions with defer_loading and answers with tool_reference blocks', async () => {
    const { chat, callTool, requests } = await setup(weather, 'tool-reference');
    const result = await chat.run({ model: 'any-model', messages: [{ role: 'user', content: 'Weather?' }] }, { callTool });
    expect(result.text).toBe('Sunny in Paris.');
    expect(declared(requests[0]!.body)).toEqual([...UPFRONT, `${WEATHER}*`, 'mcp__slack__send_message*', 'mcp__slack__search_messages*', `${CREATE_ISSUE}*`, 'mcp__github__list_issues*']);
    expect(messagesOf(requests[1]!.body).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_s1', content: [{ type: 'tool_reference', tool_name: WEATHER }] });
    expect(callTool).toHaveBeenCalledWith(expect.objectContaining({ name: WEATHER, arguments: { city: 'Paris' } }));
  });

  it('falls back once to plain mode when the gateway rejects tool_reference, rewriting the history', async () => {
    const rejecting = (request: DoubleRequest, index: number): DoubleReply => {
      if (declared(request.body).some((name) => name.endsWith('*'))) return { status: 400, error: { message: 'Unsupported field: defer_loading', type: 'invalid_request_error' } };
      return weather(request, index === 1 ? 0 : index === 2 ? 1 : 2);
    };
    const onWarning = vi.fn();
    double = await startApiDouble(rejecting);
    const toolSearch = createChatToolSearch({ tools: TOOLS, ranker: createFakeRanker(), mode: 'tool-reference', planOptions: { tokenCounter: createFakeTokenCounter() } });
    const chat = createChatClient({ client: new OpenAI({ baseURL: double.url, apiKey: 'k', maxRetries: 0 }), toolSearch, onWarning });
    const history = [
      { role: 'user', content: 'Earlier' },
      assistantCalls(['call_old', 'search_tools', { query: 'slack' }]),
      { role: 'tool', tool_call_id: 'call_old', content: [{ type: 'tool_reference', tool_name: 'mcp__slack__send_message' }] },
    ];
    const result = await chat.run({ model: 'm', messages: history }, { callTool: () => 'ok' });
    expect(result).toMatchObject({ fallback: true, mode: 'plain', text: 'Sunny in Paris.' });
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(messagesOf(double.requests[1]!.body)[2]).toEqual({ role: 'tool', tool_call_id: 'call_old', content: JSON.stringify({ loaded: ['mcp__slack__send_message'] }) });
    expect(declared(double.requests[1]!.body)).toEqual([...UPFRONT, 'mcp__slack__send_message']);
    expect(chat.memory.has(`${double.url}?model=m`)).toBe(true);
    // Remembered: the next run on this deployment goes plain straight away, with no rejected request first.
    const before = double.requests.length;
    await chat.run({ model: 'm', messages: [{ role: 'user', content: 'Again' }] }, { callTool: () => 'ok' });
    expect(declared(double.requests[before]!.body).some((name) => name.endsWith('*'))).toBe(false);
    expect(declared(double.requests[before]!.body)).toEqual(UPFRONT);
  });

  it.each(['plain', 'tool-reference'] as const)('%s mode: records one usage event (recordUsage) when callTool runs a tool the search found, none for a refused call', async (mode) => {
    const events: UsageEvent[] = [];
    const { chat, callTool } = await setup(
      scripted(
        assistantCalls(['call_s1', 'search_tools', { query: 'weather city' }]),
        assistantCalls(['call_w1', WEATHER, { city: 'Paris' }], ['call_c1', CREATE_ISSUE, { repo: 'a', title: 'b' }]),
        assistantCalls(['call_w2', WEATHER, { city: 'Rome' }]),
        assistantText('Sunny in both.'),
      ),
      mode,
      { recordUsage: (event) => events.push(event) },
    );
    const result = await chat.run({ model: 'any-model', messages: [{ role: 'user', content: 'Weather in Paris and Rome, then open an issue' }] }, { callTool });
    expect(result.text).toBe('Sunny in both.');
    expect(callTool.mock.calls.map(([call]) => call.name)).toEqual([WEATHER, WEATHER]);
    expect(events).toEqual([{ query: 'weather city', called: [WEATHER], at: expect.any(Number) }]);
  });

  it.each(['plain', 'tool-reference'] as const)('%s mode: records nothing for a tool a search found but the conversation no longer loads (refused before callTool)', async (mode) => {
    const events: UsageEvent[] = [];
    const { chat, callTool, requests } = await setup(
      scripted(
        assistantCalls(['call_s1', 'search_tools', { query: 'weather city' }]),
        assistantText('Found a weather tool.'),
        // A new conversation without the search: the model calls the tool the earlier search found.
        assistantCalls(['call_w1', WEATHER, { city: 'Paris' }]),
        assistantText('Cannot.'),
      ),
      mode,
      { recordUsage: (event) => events.push(event) },
    );
    await chat.run({ model: 'any-model', messages: [{ role: 'user', content: 'Find a weather tool' }] }, { callTool });
    await chat.run({ model: 'any-model', messages: [{ role: 'user', content: 'Weather in Paris?' }] }, { callTool });
    expect(JSON.parse(messagesOf(requests.at(-1)!.body).at(-1)!['content'] as string)).toMatchObject({ code: 'tool-not-loaded' });
    expect(callTool).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('answers a call of a tool the conversation never loaded with an error, and throws other API errors', async () => {
    const { chat, callTool, requests } = await setup(scripted(assistantCalls(['c1', CREATE_ISSUE, { repo: 'a', title: 'b' }]), assistantText('ok')), 'plain');
    await chat.run({ model: 'm', messages: [{ role: 'user', content: 'Go' }] }, { callTool });
    expect(JSON.parse(messagesOf(requests[1]!.body).at(-1)!['content'] as string)).toMatchObject({ code: 'tool-not-loaded' });
    expect(callTool).not.toHaveBeenCalled();
    await double!.close();
    const failing = await setup(() => ({ status: 500, error: { message: 'boom', type: 'server_error' } }), 'plain');
    await expect(failing.chat.run({ model: 'm', messages: [] }, { callTool })).rejects.toBeInstanceOf(OpenAI.InternalServerError);
  });
});
