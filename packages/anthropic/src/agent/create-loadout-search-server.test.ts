import { createCatalog } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { createFakeRanker } from '@loadout/core/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TOOLS } from '../__fixtures__/catalog.js';
import { createLoadoutSearchServer } from './create-loadout-search-server.js';
import { createSearchToolHandler } from './search-tool-handler.js';

const catalog = createCatalog(FIXTURE_TOOLS);

describe('createSearchToolHandler', () => {
  it('lists the best tools by display name with descriptions and a select: line', async () => {
    const handler = createSearchToolHandler({ catalog, ranker: createFakeRanker() });
    expect(await handler({ query: 'slack message' })).toEqual({
      content: [
        {
          type: 'text',
          text: [
            '2 tools matched "slack message":',
            '- mcp__slack__send_message: Send a message to a Slack channel.',
            '- mcp__slack__search_messages: Search Slack messages by keyword, channel, or date range.',
            'Call them by these names; load one that is not loaded yet with the tool search query "select:mcp__slack__send_message,mcp__slack__search_messages".',
          ].join('\n'),
        },
      ],
    });
  });

  it('applies the query syntax, the limit, and reports bad queries and failing rankers as errors', async () => {
    const ranker = createFakeRanker();
    const handler = createSearchToolHandler({ catalog, ranker, limit: 1 });
    expect((await handler({ query: 'select:get_weather' })).content).toEqual([
      { type: 'text', text: expect.stringContaining('- mcp__weather__get_weather: Get the current weather forecast for a city.') },
    ]);
    await handler({ query: 'github' });
    expect(ranker.calls.at(-1)?.options.limit).toBe(1);
    expect(await handler({ query: 'select:ghost' })).toEqual({ content: [{ type: 'text', text: 'Search failed: select: no tool named "ghost" [unknown-tool]' }], isError: true });
    expect(await handler({ query: 'zebra' })).toEqual({ content: [{ type: 'text', text: 'No tool matched "zebra"; try other keywords.' }] });
    const broken: Ranker = { ...createFakeRanker(), search: () => Promise.reject(new Error('disk gone')) };
    expect(await createSearchToolHandler({ catalog, ranker: broken })({ query: 'x' })).toEqual({
      content: [{ type: 'text', text: 'Search failed: the ranker threw an error (disk gone) [ranker-failed]' }],
      isError: true,
    });
  });
});

describe('createLoadoutSearchServer', () => {
  it('is an Agent SDK sdk server whose search_tools is always loaded and answers over MCP', async () => {
    const server = createLoadoutSearchServer({ catalog, ranker: createFakeRanker(), limit: 2, maxLimit: 3 });
    expect(server.type).toBe('sdk');
    expect(server.name).toBe('loadout');
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.instance.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(1);
      expect(tools[0]).toMatchObject({
        name: 'search_tools',
        _meta: { 'anthropic/alwaysLoad': true },
        annotations: { readOnlyHint: true },
        inputSchema: {
          type: 'object',
          properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 3 } },
          required: ['query'],
        },
      });
      expect(tools[0]!.description).toMatch(/^Search a catalog of 6 tools .*select:name_a,name_b/);
      const result = await client.callTool({ name: 'search_tools', arguments: { query: 'weather city' } });
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('- mcp__weather__get_weather:') }]);
      const tooMany = await client.callTool({ name: 'search_tools', arguments: { query: 'x', limit: 4 } });
      expect(tooMany.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('rejects a bad limit with invalid-option', () => {
    expect(() => createLoadoutSearchServer({ catalog, ranker: createFakeRanker(), limit: 0 })).toThrow(/limit must be an integer from 1 to 100 \(got 0\)/);
    expect(() => createLoadoutSearchServer({ catalog, ranker: createFakeRanker(), limit: 5, maxLimit: 4 })).toThrow(/maxLimit must be an integer from 5 to 100/);
  });
});

describe('createSearchToolHandler with a pattern ranker', () => {
  it('never wraps the regex ranker with the query syntax: ^get_ does not return get', async () => {
    const { createRegexRanker } = await import('@loadout/bm25/regex');
    const handler = createSearchToolHandler({ catalog: createCatalog([{ name: 'get' }, { name: 'get_forecast', server: 'weather' }]), ranker: createRegexRanker() });
    const text = ((await handler({ query: '^get_' })).content[0] as { text: string }).text;
    expect(text).toContain('mcp__weather__get_forecast');
    expect(text).not.toMatch(/^- get:/m);
  });
});
