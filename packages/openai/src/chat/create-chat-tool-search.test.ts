import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { TOOLS, WEATHER } from '../__fixtures__/catalog.js';
import { createChatToolSearch } from './create-chat-tool-search.js';
import type { ChatToolSearchMode } from './chat-tool-search-types.js';

const counter = createFakeTokenCounter();
const count = (value: unknown): number => counter.count(JSON.stringify(value));
const create = (mode: ChatToolSearchMode) => createChatToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: counter }, mode });
const call = (query: string) => ({ id: 'call_1', type: 'function' as const, function: { name: 'search_tools', arguments: JSON.stringify({ query }) } });

describe('createChatToolSearch: token accounting', () => {
  it.each(['plain', 'tool-reference'] as const)('%s: counts the rendered tools and what a search adds', async (mode) => {
    const search = create(mode);
    const request = search.request();
    const read = request.tools.filter((tool) => tool.defer_loading !== true);
    const loadedForm = request.tools.filter((tool) => tool.defer_loading === true).map(({ defer_loading: _deferred, ...tool }) => tool);
    expect(request.tokens).toMatchObject({
      upfront: read.reduce((sum, tool) => sum + count(tool), 0),
      bytes: Buffer.byteLength(JSON.stringify(request.tools)),
      definitions: request.tools.length,
      deferredDefinitions: mode === 'plain' ? 0 : request.deferred.length,
    });
    if (mode === 'tool-reference') expect(request.tokens.deferred).toBe(loadedForm.reduce((sum, tool) => sum + count(tool), 0));
    const answer = await search.answer(call('select:get_weather'));
    expect(answer.loaded).toEqual([WEATHER]);
    const later = search.request({ loaded: answer.loaded }).tools.find((tool) => tool.function.name === WEATHER)!;
    const definition = mode === 'plain' ? later : loadedForm.find((tool) => tool.function.name === WEATHER);
    expect(answer.cost).toEqual({ definitions: count(definition), overhead: count(answer.message.content), total: count(definition) + count(answer.message.content) });
    expect(search.searchCost([WEATHER])).toEqual(answer.cost);
  });

  it('costs a failed search its message only', async () => {
    const answer = await create('plain').answer(call(''));
    expect(answer.cost).toEqual({ definitions: 0, overhead: count(answer.message.content), total: count(answer.message.content) });
  });
});
