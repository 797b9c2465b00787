import { isLoadoutError } from '@loadout/core';
import { searchToolDescription } from '@loadout/core/adapter';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { CREATE_ISSUE, TOOLS, WEATHER } from './__fixtures__/catalog.js';
import { createGeminiToolSearch } from './create-gemini-tool-search.js';

const tokenCounter = createFakeTokenCounter();
const make = (extra: Record<string, unknown> = {}) => createGeminiToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter }, ...extra });
const names = (request: { tools: { functionDeclarations: { name: string }[] }[] }) => request.tools.flatMap((tool) => tool.functionDeclarations.map((declaration) => declaration.name));

describe('createGeminiToolSearch: request', () => {
  it('declares the search function, then the upfront functions, with JSON Schema parameters', () => {
    const request = make().request();
    expect(request.mode).toBe('search');
    expect(request.toolSearch).toBe('on');
    expect(names(request)).toEqual(['search_tools', 'Bash', 'mcp__github__whoami']);
    expect(request.deferred).toContain(WEATHER);
    const [search, bash] = request.tools[0]!.functionDeclarations;
    expect(search!.description).toBe(searchToolDescription({ toolCount: TOOLS.length, limit: 5, maxLimit: 10, maxQueryLength: 500, summary: make().summary }));
    expect(search!.parametersJsonSchema).toMatchObject({ type: 'object', required: ['query'], additionalProperties: false });
    expect(bash).toEqual({ name: 'Bash', description: 'Run a shell command.', parametersJsonSchema: TOOLS[0]!.inputSchema });
    expect(request.tokens.definitions).toBe(3);
    expect(request.tokens.deferred).toBeGreaterThan(0);
  });

  it('declares the loaded tools after the upfront ones, and ignores names that are not deferred', () => {
    const request = make().request({ loaded: [CREATE_ISSUE, 'Bash', 'nope'] });
    expect(names(request)).toEqual(['search_tools', 'Bash', 'mcp__github__whoami', CREATE_ISSUE]);
    expect(request.upfront).toEqual(['Bash', 'mcp__github__whoami', CREATE_ISSUE]);
  });

  it('declares every tool and no search function when tool search is off or the deployment rejected it', () => {
    for (const request of [make({ toolSearch: false }).request(), make().request({ disabled: true })]) {
      expect(request.mode).toBe('upfront');
      expect(request.toolSearch).toBe('off');
      expect(names(request)).toHaveLength(TOOLS.length);
      expect(names(request)).not.toContain('search_tools');
      expect(request.tokens.deferred).toBe(0);
    }
  });

  it('throws invalid-option naming a bad option', () => {
    let caught: unknown;
    try {
      make({ limit: 0 });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    expect(String(caught)).toMatch(/createGeminiToolSearch: limit/);
  });
});

describe('createGeminiToolSearch: answer', () => {
  it('answers a search call with the found declarations under the call id, leaving out loaded tools', async () => {
    const search = make();
    search.request();
    const call = { id: 'call_1', name: 'search_tools', args: { query: 'select:get_weather,create_issue' } };
    expect(search.isSearchCall(call)).toBe(true);
    const answer = await search.answer(call);
    expect(answer.loaded).toEqual([WEATHER, CREATE_ISSUE]);
    expect(answer.message).toBeNull();
    expect(answer.response).toEqual({
      id: 'call_1',
      name: 'search_tools',
      response: {
        loaded: [WEATHER, CREATE_ISSUE],
        tools: [search.functionFor(WEATHER), search.functionFor(CREATE_ISSUE)].map((declaration) => ({ name: declaration!.name, description: declaration!.description, parameters: declaration!.parametersJsonSchema })),
      },
    });
    expect(answer.cost.total).toBe(answer.cost.definitions + answer.cost.overhead);
    expect((await search.answer(call, { isLoaded: (name) => name === WEATHER })).loaded).toEqual([CREATE_ISSUE]);
  });

  it('answers a bad query with no tools and an error, and a call without id without one', async () => {
    const search = make();
    search.request();
    const answer = await search.answer({ name: 'search_tools', args: { query: 42 } });
    expect(answer.loaded).toEqual([]);
    expect(answer.message).toMatch(/query must be a string/);
    expect(answer.response).toEqual({ name: 'search_tools', response: { loaded: [], error: answer.message } });
  });

  it('recognises only calls of the search function while it is offered', () => {
    const search = make();
    search.request();
    expect(search.isSearchCall({ name: WEATHER })).toBe(false);
    search.request({ disabled: true });
    expect(search.isSearchCall({ name: 'search_tools' })).toBe(false);
  });
});

describe('createGeminiToolSearch: 512 function declarations', () => {
  const many = Array.from({ length: 600 }, (_, index) => ({ name: `t${index}`, server: 's', description: `Tool ${index}` }));
  const api = (index: number) => `mcp__s__t${index}`;

  it('declares at most 512 functions, keeps the most recent loaded tools and names the others; an answer makes room', async () => {
    const search = createGeminiToolSearch({ tools: many, ranker: createFakeRanker(), planOptions: { tokenCounter }, maxLimit: 100 });
    expect(search.maxFunctions).toBe(512);
    const loaded = Array.from({ length: 520 }, (_, index) => api(index));
    const request = search.request({ loaded });
    expect(request.tools[0]!.functionDeclarations).toHaveLength(512);
    expect(request.unloaded).toEqual(loaded.slice(0, 9));
    const kept = loaded.slice(9);
    const answer = await search.answer({ id: 'c1', name: 'search_tools', args: { query: `select:${api(550)},${api(551)}` } }, { loaded: kept });
    expect(answer.loaded).toEqual([api(550), api(551)]);
    expect(answer.unloaded).toEqual([api(9), api(10)]);
    expect(answer.response.response).toMatchObject({ unloaded: [api(9), api(10)], note: expect.stringContaining('At most 512 functions') });
    expect(search.request({ loaded: [...kept.slice(2), api(550), api(551)] }).unloaded).toEqual([]);
  });
});
