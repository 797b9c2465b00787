import { isLoadoutError } from '@loadout/core';
import { searchToolDescription } from '@loadout/core/adapter';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { CREATE_ISSUE, TOOLS, WEATHER } from './__fixtures__/catalog.js';
import { createInteractionsToolSearch } from './create-interactions-tool-search.js';
import type { InteractionsTool } from './interactions-types.js';

const tokenCounter = createFakeTokenCounter();
const make = (extra: Record<string, unknown> = {}) => createInteractionsToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter }, ...extra });
const names = (tools: readonly InteractionsTool[]) => tools.map((tool) => `${tool.type}:${tool.name}`);

describe('createInteractionsToolSearch: request', () => {
  it('sends a client-executed tool_search tool with core search schema, then the upfront functions', () => {
    const search = make();
    const request = search.request();
    expect(request).toMatchObject({ mode: 'search', toolSearch: 'on', upfront: ['Bash', 'mcp__github__whoami'] });
    expect(names(request.tools)).toEqual(['tool_search:search_tools', 'function:Bash', 'function:mcp__github__whoami']);
    expect(request.tools[0]).toEqual({
      type: 'tool_search',
      execution: 'client',
      name: 'search_tools',
      description: searchToolDescription({ toolCount: TOOLS.length, limit: 5, maxLimit: 10, maxQueryLength: 500, summary: search.summary }),
      parameters: expect.objectContaining({ type: 'object', required: ['query'], additionalProperties: false }),
    });
    expect(request.tools[1]).toEqual({ type: 'function', name: 'Bash', description: 'Run a shell command.', parameters: TOOLS[0]!.inputSchema });
    expect(request.deferred).toContain(WEATHER);
    expect(request.tokens).toMatchObject({ definitions: 3, deferredDefinitions: 0 });
    expect(request.tokens.deferred).toBeGreaterThan(0);
  });

  it('sends every tool as a function and no tool_search when tool search is off or the deployment rejected it', () => {
    for (const request of [make({ toolSearch: false }).request(), make().request({ disabled: true })]) {
      expect(request).toMatchObject({ mode: 'upfront', toolSearch: 'off', deferred: [] });
      expect(request.tools.every((tool) => tool.type === 'function')).toBe(true);
      expect(request.tools).toHaveLength(TOOLS.length);
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
    expect(String(caught)).toMatch(/createInteractionsToolSearch: limit/);
  });
});

describe('createInteractionsToolSearch: answer', () => {
  it('answers a tool_search_call with a tool_search_result holding the found functions, leaving out loaded ones', async () => {
    const search = make();
    search.request();
    const call = { type: 'tool_search_call' as const, id: 'ts_1', arguments: { query: 'select:get_weather,create_issue' } };
    expect(search.isSearchCall(call)).toBe(true);
    const answer = await search.answer(call, { isLoaded: (name) => name === WEATHER });
    expect(answer.loaded).toEqual([CREATE_ISSUE]);
    expect(answer.message).toBeNull();
    expect(answer.result).toEqual({ type: 'tool_search_result', call_id: 'ts_1', result: [search.functionFor(CREATE_ISSUE)] });
    expect(answer.cost.definitions).toBeGreaterThan(0);
    expect(answer.cost.total).toBe(answer.cost.definitions + answer.cost.overhead);
  });

  it('reads the function_names the API schema names, as a select', async () => {
    const search = make();
    search.request();
    const answer = await search.answer({ type: 'tool_search_call', id: 'ts_2', arguments: { function_names: [WEATHER] } });
    expect(answer.loaded).toEqual([WEATHER]);
  });

  it('answers a bad query with an empty result and a message, never a throw', async () => {
    const search = make();
    search.request();
    const answer = await search.answer({ type: 'tool_search_call', id: 'ts_3', arguments: { query: '  ' } });
    expect(answer.result).toEqual({ type: 'tool_search_result', call_id: 'ts_3', result: [] });
    expect(answer.loaded).toEqual([]);
    expect(answer.message).toMatch(/names nothing to search for/);
  });

  it('recognises a tool_search_call only while the last request offered the tool', () => {
    const search = make({ toolSearch: false });
    search.request();
    expect(search.isSearchCall({ type: 'tool_search_call', id: 'x' })).toBe(false);
    const on = make();
    on.request();
    expect(on.isSearchCall({ type: 'function_call', id: 'x', name: 'search_tools' })).toBe(false);
  });
});
