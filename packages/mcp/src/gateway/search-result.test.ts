import { createCatalog } from '@loadout/core';
import type { FoundTool } from '@loadout/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSearchResultRenderer } from './search-result.js';

const catalog = createCatalog([
  { name: 'get_weather', server: 'weather', description: 'Weather for a "city"\n\u2028', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
  { name: 'echo', description: 'Echo \ud800 text', inputSchema: { type: 'object', properties: {}, required: [] } },
]);

function found(index: number, available: boolean): FoundTool {
  const tool = catalog.tools[index]!;
  return { tool, name: tool.apiName, displayName: tool.displayName, server: tool.server, description: tool.description, inputSchema: tool.inputSchema, available, score: 1 };
}

describe('createSearchResultRenderer', () => {
  it('puts exactly JSON.stringify(structuredContent) in the text, however often a tool is rendered', () => {
    const render = createSearchResultRenderer();
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: undefined }), fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.boolean()), { minLength: 1, maxLength: 6 }), (query, searchId, picks) => {
        const result = render(query, picks.map(([index, available]) => found(index, available)), searchId);
        const text = (result.content[0] as { text: string }).text;
        expect(text).toBe(JSON.stringify(result.structuredContent));
        expect(JSON.parse(text)).toEqual(result.structuredContent);
      }),
      { numRuns: 300 },
    );
  });

  it('lists name, server (when there is one), description, schema and availability; says so when nothing matched', () => {
    const render = createSearchResultRenderer();
    expect(render('weather', [found(0, false), found(1, true)]).structuredContent).toEqual({
      query: 'weather',
      tools: [
        { name: 'mcp__weather__get_weather', server: 'weather', description: catalog.tools[0]!.description, inputSchema: catalog.tools[0]!.inputSchema, available: false },
        { name: 'echo', description: 'Echo \ud800 text', inputSchema: { type: 'object', properties: {}, required: [] }, available: true },
      ],
    });
    expect(render('nothing "here"', [])).toEqual({
      content: [{ type: 'text', text: 'No tools matched "nothing \\"here\\"".' }],
      structuredContent: { query: 'nothing "here"', tools: [] },
    });
  });
});
