import type { ToolInput } from '../catalog/tool.js';
import { createFakeRanker } from '../test/fake-ranker.js';
import { createFakeTokenCounter } from '../test/fake-token-counter.js';
import { createToolSearchKit } from './create-tool-search-kit.js';
import { describe, expect, it } from 'vitest';
import { searchCall } from './search-call.js';

const object = { type: 'object', properties: { text: { type: 'string' } } };
const TOOLS: ToolInput[] = [
  { name: 'get_weather', server: 'weather', description: 'Get the current weather forecast for a city.', inputSchema: object },
  { name: 'create_issue', server: 'github', description: 'Create a GitHub issue in a repository.', inputSchema: object },
  { name: 'list_issues', server: 'github', description: 'List open issues of a GitHub repository.', inputSchema: object },
];
const WEATHER = 'mcp__weather__get_weather';
const CREATE_ISSUE = 'mcp__github__create_issue';

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
      message: `${searching.searchToolName}: arguments must be a JSON object, got a string that is not JSON: "{\\"query\\": "`,
    });
  });
});
