import { createDiscoverySession } from '@loadout/core/adapter';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assistantCalls, assistantText, declared, messagesOf } from '../__fixtures__/chat-items.js';
import { startApiDouble } from '../test/api-double.js';
import type { ApiDouble, DoubleRequest, DoubleReply } from '../test/api-double.js';
import { createChatClient } from './create-chat-client.js';
import { createChatToolSearch } from './create-chat-tool-search.js';

let double: ApiDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

const TOOLS = Array.from({ length: 12 }, (_, index) => ({ name: `t${index}`, server: 's', description: `Tool ${index}`, inputSchema: { type: 'object', properties: {} } }));
const api = (index: number) => `mcp__s__t${index}`;
const select = (...indexes: number[]) => ({ query: `select:${indexes.map(api).join(',')}` });

describe('createChatClient: plain mode within maxFunctions', () => {
  it('unloads the least recently used tools, tells the model and onWarning, and a search loads them again', async () => {
    const script = [
      assistantCalls(['s1', 'search_tools', select(0, 1, 2)]),
      assistantCalls(['c0', api(0), {}]),
      assistantCalls(['s2', 'search_tools', select(3, 4)]),
      assistantCalls(['c1', api(1), {}]),
      assistantCalls(['s3', 'search_tools', select(1)]),
      assistantCalls(['c1b', api(1), {}]),
      assistantText('done'),
    ];
    double = await startApiDouble((_: DoubleRequest, index: number): DoubleReply => ({ output: [script[index] ?? assistantText('(end)')] }));
    // maxFunctions 5: the search function and four loaded tools.
    const toolSearch = createChatToolSearch({ tools: TOOLS, ranker: createFakeRanker(), maxFunctions: 5, planOptions: { tokenCounter: createFakeTokenCounter() } });
    const onWarning = vi.fn();
    const session = createDiscoverySession();
    const chat = createChatClient({ client: new OpenAI({ baseURL: double.url, apiKey: 'k', maxRetries: 0 }), toolSearch, onWarning, session });
    const callTool = vi.fn(({ name }: { name: string }) => `ran ${name}`);
    const result = await chat.run({ model: 'm', messages: [{ role: 'user', content: 'go' }] }, { callTool });

    const requests = double.requests;
    // t1 (loaded with t0 and t2, not called since) makes room for t3 and t4; t0 was called, so it stays.
    const second = JSON.parse(String(messagesOf(requests[3]!.body).at(-1)!['content'])) as Record<string, unknown>;
    expect(second).toMatchObject({ loaded: [api(3), api(4)], unloaded: [api(1)] });
    expect(second['note']).toContain('At most 5 functions');
    expect(declared(requests[3]!.body)).toEqual(['search_tools', api(0), api(2), api(3), api(4)]);
    expect(onWarning).toHaveBeenCalledWith(expect.objectContaining({ code: 'tools-unloaded', tools: [api(1)], maxFunctions: 5 }));
    // Calling the unloaded tool is refused, and a search finds it again.
    expect(String(messagesOf(requests[4]!.body).at(-1)!['content'])).toContain('tool-not-loaded');
    const third = JSON.parse(String(messagesOf(requests[5]!.body).at(-1)!['content'])) as Record<string, unknown>;
    expect(third).toMatchObject({ loaded: [api(1)], unloaded: [api(2)] });
    expect(declared(requests[5]!.body)).toEqual(['search_tools', api(0), api(3), api(4), api(1)]);
    expect(callTool.mock.calls.map(([call]) => call.name)).toEqual([api(0), api(1)]);
    // What the session says is loaded is what the last request declared.
    expect(session.loaded().sort()).toEqual([api(0), api(1), api(3), api(4)].sort());
    expect(result.unloaded).toEqual([api(1), api(2)]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['tools-unloaded', 'tools-unloaded']);
    expect(result.text).toBe('done');
  });

  it('a request keeps the most recent loaded tools and names the others', () => {
    const toolSearch = createChatToolSearch({ tools: TOOLS, ranker: createFakeRanker(), maxFunctions: 3 });
    const request = toolSearch.request({ loaded: [api(5), api(6), api(7)] });
    expect(request.upfront).toEqual([api(6), api(7)]);
    expect(request.unloaded).toEqual([api(5)]);
    expect(request.tools).toHaveLength(3);
  });
});
