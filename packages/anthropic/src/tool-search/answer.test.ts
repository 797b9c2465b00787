import type { Ranker } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TOOLS } from '../__fixtures__/catalog.js';
import { createToolSearch } from './create-tool-search.js';
import type { CreateToolSearchOptions } from './tool-search-options.js';

function toolSearch(overrides: Partial<CreateToolSearchOptions> = {}) {
  return createToolSearch({
    tools: FIXTURE_TOOLS,
    ranker: createFakeRanker(),
    policy: { model: 'claude-sonnet-4-5', env: {} },
    planOptions: { tokenCounter: createFakeTokenCounter() },
    ...overrides,
  });
}

const call = (input: unknown, id = 'toolu_1') => ({ id, name: 'search_tools', input });

describe('ToolSearch.answer', () => {
  it('answers with tool_reference blocks of the best deferred tools', async () => {
    const search = toolSearch();
    search.request();
    expect(await search.answer(call({ query: 'slack message' }))).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [
        { type: 'tool_reference', tool_name: 'mcp__slack__send_message' },
        { type: 'tool_reference', tool_name: 'mcp__slack__search_messages' },
      ],
    });
  });

  it('honours the limit and lowers one above maxLimit', async () => {
    const ranker = createFakeRanker();
    const search = toolSearch({ ranker, limit: 1, maxLimit: 2 });
    const first = await search.answer(call({ query: 'slack message github issue' }));
    expect(first.content).toHaveLength(1);
    await search.answer(call({ query: 'slack message', limit: 50 }));
    expect(ranker.calls.map((entry) => entry.options.limit)).toEqual([1, 2]);
  });

  it('loads exact names with select:, by API name or display name, in the order named', async () => {
    const search = toolSearch();
    const result = await search.answer(call({ query: 'select:mcp__github__create_issue,mcp__weather__get_weather' }));
    expect(result.content).toEqual([
      { type: 'tool_reference', tool_name: 'mcp__github__create_issue' },
      { type: 'tool_reference', tool_name: 'mcp__weather__get_weather' },
    ]);
  });

  it('keeps only tools containing every +term', async () => {
    const search = toolSearch();
    const result = await search.answer(call({ query: '+github issue message' }));
    expect(result.content).toEqual([{ type: 'tool_reference', tool_name: 'mcp__github__create_issue' }]);
  });

  it('never references a tool that the request does not defer', async () => {
    const search = toolSearch();
    search.request();
    const result = await search.answer(call({ query: 'list open issues github repository' }));
    expect(result.content).toEqual([{ type: 'tool_reference', tool_name: 'mcp__github__create_issue' }]);
    const offSearch = toolSearch({ policy: { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'false' } } });
    offSearch.request();
    expect((await offSearch.answer(call({ query: 'github issue' }))).content).toMatch(/^No tool that is not yet loaded matched "github issue"/);
  });

  it('answers a query without matches with text, not an error', async () => {
    const result = await toolSearch().answer(call({ query: 'quantum teleportation' }));
    expect(result.is_error).toBeUndefined();
    expect(result.content).toBe(
      'No tool that is not yet loaded matched "quantum teleportation". Loaded tools can be called directly; otherwise try other keywords, or select:name for an exact name.',
    );
  });

  it.each<[string, unknown, RegExp]>([
    ['a non-object input', 'weather', /^search_tools expects \{"query": string, "limit"\?: integer\}, got "weather" \[invalid-input\]$/],
    ['a missing query', { limit: 2 }, /; query is missing \[invalid-input\]$/],
    ['a bad limit', { query: 'x', limit: 1.5 }, /limit must be a positive integer, got 1.5/],
    ['an empty query', { query: '   ' }, /^Search failed: tool search query "   " names nothing to search for/],
    ['a query over 500 characters', { query: 'a'.repeat(501) }, /^Search failed: .*501 characters.*limit is 500/],
    ['select: of unknown names', { query: 'select:nope,Bash,ghost' }, /^Search failed: select: no tool named "nope", "ghost" \[unknown-tool\]$/],
  ])('answers %s with is_error and a message naming it', async (_, input, message) => {
    const result = await toolSearch().answer(call(input, 'toolu_9'));
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_9', is_error: true });
    expect(result.content).toMatch(message);
  });

  it('turns a failing ranker into an error result, and indexes again after a failed index', async () => {
    let failIndex = true;
    const inner = createFakeRanker();
    const ranker: Ranker = {
      ...inner,
      index(tools) {
        if (failIndex) throw new Error('index broke');
        inner.index(tools);
      },
      search(query, options) {
        if (query.includes('boom')) throw new Error('search broke');
        return inner.search(query, options);
      },
    };
    const search = toolSearch({ ranker });
    expect((await search.answer(call({ query: 'weather' }))).content).toBe('Search failed: the ranker threw an error (index broke) [ranker-failed]');
    failIndex = false;
    expect((await search.answer(call({ query: 'weather' }))).content).toEqual([{ type: 'tool_reference', tool_name: 'mcp__weather__get_weather' }]);
    expect((await search.answer(call({ query: 'boom' }))).content).toBe('Search failed: the ranker threw an error (search broke) [ranker-failed]');
  });

  it('has nothing to answer in server modes, and recognises only client search calls', async () => {
    const server = toolSearch({ mode: 'server-bm25', ranker: undefined });
    expect(await server.answer({ id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'x' } })).toEqual({
      type: 'tool_result',
      tool_use_id: 'srvtoolu_1',
      is_error: true,
      content: 'tool_search_tool_bm25 is answered by the API in server-bm25 mode; there is nothing to answer here',
    });
    expect(server.isSearchCall({ type: 'server_tool_use', name: 'tool_search_tool_bm25' })).toBe(false);
    const client = toolSearch();
    expect(client.isSearchCall({ type: 'tool_use', name: 'search_tools' })).toBe(true);
    expect(client.isSearchCall({ type: 'tool_use', name: 'mcp__weather__get_weather' })).toBe(false);
    expect(client.isSearchCall({ type: 'text' })).toBe(false);
  });
});
