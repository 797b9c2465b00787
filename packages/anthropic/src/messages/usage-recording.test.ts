import { discoveredNames } from '@loadout/core/adapter';
import { conversationDiscoveries } from '../message-discoveries.js';
import Anthropic from '@anthropic-ai/sdk';
import type { UsageEvent } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, messageReply, text, toolUse } from '../__fixtures__/api-responses.js';
import { FIXTURE_TOOLS } from '../__fixtures__/catalog.js';
import { startLoopbackServer } from '../__fixtures__/loopback-server.js';
import type { LoopbackReply, LoopbackServer } from '../__fixtures__/loopback-server.js';
import type { MessageParam } from '../api-types.js';
import { createMessagesClient } from './create-messages-client.js';
import type { MessagesClient } from './messages-client-types.js';
import { createToolSearch } from '../tool-search/create-tool-search.js';
import type { CreateToolSearchOptions } from '../tool-search/tool-search-options.js';

const MODEL = 'claude-sonnet-4-6';
const WEATHER = 'mcp__weather__get_weather';
const CREATE_ISSUE = 'mcp__github__create_issue';
let server: LoopbackServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(replies: readonly LoopbackReply[], overrides: Partial<CreateToolSearchOptions> = {}) {
  server = await startLoopbackServer((_, index) => replies[index] ?? errorReply('no more replies', 500, 'api_error'));
  const events: UsageEvent[] = [];
  const toolSearch = createToolSearch({
    tools: FIXTURE_TOOLS,
    ranker: createFakeRanker(),
    policy: { model: MODEL, env: {} },
    planOptions: { tokenCounter: createFakeTokenCounter() },
    recordUsage: (event) => events.push(event),
    ...overrides,
  });
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
  return { messages: createMessagesClient({ client, toolSearch }), events };
}

/**
 * The README's loop: `create`, run the tools the model called, send the
 * results (the client reports each `tool_result` of a catalog tool as its
 * run on the next `create`); the user refuses calls of deferred tools no
 * search loaded.
 */
async function converse(messages: MessagesClient, prompt: string, deny: (name: string) => boolean = () => false): Promise<string[]> {
  const ran: string[] = [];
  let conversation: MessageParam[] = [{ role: 'user', content: prompt }];
  for (let turn = 0; turn < 5; turn++) {
    const result = await messages.create({ model: MODEL, max_tokens: 64, messages: conversation });
    conversation = result.messages;
    const calls = result.message.content.flatMap((block) => (block.type === 'tool_use' && !messages.toolSearch.isSearchCall(block) ? [block] : []));
    if (calls.length === 0) return ran;
    const results = calls.map((call) => {
      const refused = deny(call.name) || (messages.toolSearch.request().deferred.includes(call.name) && !discoveredNames(conversationDiscoveries(result.messages)).includes(call.name));
      if (refused) return { type: 'tool_result' as const, tool_use_id: call.id, content: `${call.name} is not loaded`, is_error: true };
      ran.push(call.name);
      return { type: 'tool_result' as const, tool_use_id: call.id, content: 'done' };
    });
    conversation.push({ role: 'user', content: [...result.searchResults, ...results] });
  }
  return ran;
}

describe('createToolSearch with recordUsage, in the createMessagesClient loop', () => {
  it('records one event when the caller runs a tool the search found, under its display name', async () => {
    const { messages, events } = await setup([
      messageReply([toolUse('toolu_s1', 'search_tools', { query: 'weather forecast city' })], 'tool_use'),
      messageReply([toolUse('toolu_w1', WEATHER, { city: 'Paris' })], 'tool_use'),
      messageReply([toolUse('toolu_w2', WEATHER, { city: 'Rome' })], 'tool_use'),
      messageReply([text('Sunny in both.')]),
    ]);
    expect(await converse(messages, 'Weather in Paris and Rome?')).toEqual([WEATHER, WEATHER]);
    expect(messages.toolSearch.toolFor(WEATHER)?.displayName).toBe(WEATHER);
    expect(events).toEqual([{ query: 'weather forecast city', called: [WEATHER], at: expect.any(Number) }]);
    // Reporting a run by hand, for a loop of your own, adds nothing for a search already credited.
    messages.toolSearch.called(WEATHER);
    expect(events).toHaveLength(1);
  });

  it('records nothing for a call refused as not loaded, a select: search, a server mode or a new conversation', async () => {
    const refused = await setup([messageReply([toolUse('toolu_c1', CREATE_ISSUE, { repo: 'a', title: 'b' })], 'tool_use'), messageReply([text('Cannot.')])]);
    expect(await converse(refused.messages, 'Open an issue')).toEqual([]);
    refused.messages.toolSearch.called(CREATE_ISSUE);
    expect(refused.events).toEqual([]);
    await server?.close();

    const selected = await setup([
      messageReply([toolUse('toolu_s1', 'search_tools', { query: `select:${WEATHER}` })], 'tool_use'),
      messageReply([toolUse('toolu_w1', WEATHER, { city: 'Paris' })], 'tool_use'),
      messageReply([text('Sunny.')]),
    ]);
    expect(await converse(selected.messages, 'Weather in Paris?')).toEqual([WEATHER]);
    expect(selected.events).toEqual([]);
    await server?.close();

    const reset = await setup([messageReply([toolUse('toolu_s1', 'search_tools', { query: 'weather forecast city' })], 'tool_use'), messageReply([text('Found it.')])]);
    await converse(reset.messages, 'Find a weather tool');
    reset.messages.toolSearch.reset();
    reset.messages.toolSearch.called(WEATHER);
    expect(reset.events).toEqual([]);

    const events: UsageEvent[] = [];
    const hosted = createToolSearch({
      tools: FIXTURE_TOOLS,
      mode: 'server-bm25',
      policy: { model: MODEL, env: {} },
      planOptions: { tokenCounter: createFakeTokenCounter() },
      recordUsage: (event) => events.push(event),
    });
    hosted.called(WEATHER);
    expect(events).toEqual([]);
    expect(() => createToolSearch({ tools: FIXTURE_TOOLS, ranker: createFakeRanker(), policy: { model: MODEL, env: {} }, recordUsage: 'yes' as never })).toThrow(
      /createToolSearch: recordUsage must be a function/,
    );
  });

  it('records nothing for a found tool whose result goes back as an error (refused or failed)', async () => {
    const { messages, events } = await setup([
      messageReply([toolUse('toolu_s1', 'search_tools', { query: 'weather forecast city' })], 'tool_use'),
      messageReply([toolUse('toolu_w1', WEATHER, { city: 'Paris' })], 'tool_use'),
      messageReply([text('It failed.')]),
    ]);
    expect(await converse(messages, 'Weather in Paris?', (name) => name === WEATHER)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('never lets a throwing sink break the caller', async () => {
    const { messages } = await setup(
      [messageReply([toolUse('toolu_s1', 'search_tools', { query: 'weather forecast city' })], 'tool_use'), messageReply([toolUse('toolu_w1', WEATHER, { city: 'Paris' })], 'tool_use'), messageReply([text('Sunny.')])],
      {
        recordUsage: () => {
          throw new Error('store full');
        },
      },
    );
    expect(await converse(messages, 'Weather in Paris?')).toEqual([WEATHER]);
  });
});
