import { createToolSearchKit } from '@loadout/core/adapter';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { CREATE_ISSUE, TOOLS, WEATHER } from '../__fixtures__/catalog.js';
import { searchCall } from './search-call.js';

function kit() {
  const made = createToolSearchKit('searchCall test', { tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() } });
  made.plan();
  return made;
}

describe('searchCall', () => {
  it('searches the arguments of a call, as a JSON string or an object', async () => {
    const answer = await searchCall(kit(), '{"query": "weather forecast"}', undefined);
    expect(answer.ok && answer.tools.map((tool) => tool.name)).toContain(WEATHER);
    const fromObject = await searchCall(kit(), { query: 'weather forecast' }, undefined);
    expect(fromObject).toEqual(answer);
  });

  it('leaves out the tools already loaded', async () => {
    const answer = await searchCall(kit(), '{"query": "github issue"}', (name) => name === CREATE_ISSUE);
    expect(answer.ok && answer.tools.map((tool) => tool.name)).not.toContain(CREATE_ISSUE);
  });

  it('answers arguments that are not JSON with a failure at the arguments stage, named by the search tool', async () => {
    const searching = kit();
    await expect(searchCall(searching, '{"query": ', undefined)).resolves.toEqual({
      ok: false,
      stage: 'arguments',
      code: 'invalid-input',
      message: `${searching.searchToolName}: arguments are not valid JSON: "{\\"query\\": "`,
    });
  });
});
