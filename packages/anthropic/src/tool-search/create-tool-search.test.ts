import { createCatalog, isLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURE_TOOLS } from '../__fixtures__/catalog.js';
import { checkToolSearchRequest } from './check-tool-search-request.js';
import { TOOL_SEARCH_BETA } from './constants.js';
import { createToolSearch } from './create-tool-search.js';
import type { CreateToolSearchOptions } from './tool-search-options.js';

const planOptions = { tokenCounter: createFakeTokenCounter() };

function toolSearch(overrides: Partial<CreateToolSearchOptions> = {}) {
  return createToolSearch({
    tools: FIXTURE_TOOLS,
    ranker: createFakeRanker(),
    policy: { model: 'claude-sonnet-4-5', env: {} },
    planOptions,
    ...overrides,
  });
}

function errorOf(run: () => unknown): LoadoutError {
  try {
    run();
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('createToolSearch: request tools', () => {
  it('defers deferrable tools, keeps core and alwaysLoad tools plain, and puts the search tool first', () => {
    const request = toolSearch().request();
    expect(request.toolSearch).toBe('on');
    expect(request.reason).toBe('default-on');
    expect(request.betas).toEqual([TOOL_SEARCH_BETA]);
    expect(request.tools.map((tool) => [tool.name, 'defer_loading' in tool ? tool.defer_loading : undefined])).toEqual([
      ['search_tools', undefined],
      ['Bash', undefined],
      ['mcp__weather__get_weather', true],
      ['mcp__slack__send_message', true],
      ['mcp__slack__search_messages', true],
      ['mcp__github__create_issue', true],
      ['mcp__github__list_issues', undefined],
    ]);
    expect(request.deferred).toEqual([
      'mcp__weather__get_weather',
      'mcp__slack__send_message',
      'mcp__slack__search_messages',
      'mcp__github__create_issue',
    ]);
    expect(request.upfront).toEqual(['Bash', 'mcp__github__list_issues']);
    expect(request.tools[2]).toEqual({
      name: 'mcp__weather__get_weather',
      description: 'Get the current weather forecast for a city.',
      input_schema: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] },
      defer_loading: true,
    });
    expect(checkToolSearchRequest(request)).toEqual([]);
  });

  it('declares a client search tool taking query and limit, describing select: and +term and the catalog', () => {
    const search = toolSearch({ limit: 3, maxLimit: 7 });
    const { searchTool } = search.request();
    expect(searchTool).toMatchObject({
      name: 'search_tools',
      input_schema: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 7 } },
        required: ['query'],
      },
    });
    const description = (searchTool as { description: string }).description;
    expect(description).toContain('select:name_a,name_b');
    expect(description).toContain('"+slack send"');
    expect(description).toContain('up to 3 tools');
    expect(description).toContain(search.summary);
    expect(search.summary).toMatch(/^You can search for tools to interact with .*Slack/);
  });

  it.each([
    ['server-bm25', { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }],
    ['server-regex', { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }],
  ] as const)('declares the API search tool in %s mode, without needing a ranker', (mode, declaration) => {
    const search = createToolSearch({ tools: FIXTURE_TOOLS, mode, policy: { model: 'claude-opus-4-5', env: {} }, planOptions });
    const request = search.request();
    expect(request.tools[0]).toEqual(declaration);
    expect(search.searchToolName).toBe(declaration.name);
    expect(request.betas).toEqual([TOOL_SEARCH_BETA]);
    expect(request.deferred).toHaveLength(4);
  });

  it('sends everything plain, without search tool or beta, when the policy says off', () => {
    const request = toolSearch({ policy: { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'false' } } }).request();
    expect(request).toMatchObject({ toolSearch: 'off', reason: 'env-false', betas: [], searchTool: null, deferred: [] });
    expect(request.tools).toHaveLength(6);
    expect(request.tools.some((tool) => 'defer_loading' in tool)).toBe(false);
  });

  it('reports nothing-deferred and adds no search tool when every tool stays upfront', () => {
    const request = toolSearch({ tools: [FIXTURE_TOOLS[0]!, FIXTURE_TOOLS[5]!] }).request();
    expect(request).toMatchObject({ toolSearch: 'off', reason: 'nothing-deferred', searchTool: null, betas: [] });
    expect(request.tools.map((tool) => tool.name)).toEqual(['Bash', 'mcp__github__list_issues']);
  });

  it('loads everything upfront when disabled, keeping the policy reason when the policy is off anyway', () => {
    expect(toolSearch().request({ disabled: true })).toMatchObject({ toolSearch: 'off', reason: 'deployment-rejects', searchTool: null });
    const foundry = toolSearch({ policy: { model: 'claude-sonnet-4-5', provider: 'foundry', env: {} } });
    expect(foundry.provider).toBe('foundry');
    expect(foundry.request({ disabled: true }).reason).toBe('provider-rejects');
  });

  it('applies declarative mods from the policy: a tool moved upfront is sent plain with its rewritten description', () => {
    const request = toolSearch({
      policy: {
        model: 'claude-sonnet-4-5',
        env: {},
        mods: [{ plugin: 'pin', rules: [{ server: 'slack', tool: 'send_*', isDeferred: false, description: 'Post to Slack.' }] }],
      },
    }).request();
    expect(request.tools.find((tool) => tool.name === 'mcp__slack__send_message')).toEqual({
      name: 'mcp__slack__send_message',
      description: 'Post to Slack.',
      input_schema: FIXTURE_TOOLS[2]!.inputSchema,
    });
    expect(request.upfront).toContain('mcp__slack__send_message');
  });

  it('lets the base URL decide the gateway rules of older SDK versions', () => {
    const search = toolSearch({ policy: { model: 'claude-sonnet-4-5', env: {}, sdkVersion: '2.1.300' } });
    expect(search.request({ baseURL: 'http://127.0.0.1:9999' }).reason).toBe('gateway-legacy-default-off');
    expect(search.request({ baseURL: 'https://api.anthropic.com' }).reason).toBe('default-on');
  });

  it('keeps auto on for the rest of the conversation once it switched on, until reset', () => {
    const tools = FIXTURE_TOOLS.map((tool) => ({ ...tool, tokens: 40 }));
    let threshold = 150;
    const search = createToolSearch({
      tools,
      ranker: createFakeRanker(),
      policy: {
        model: 'claude-sonnet-4-5',
        env: { ENABLE_TOOL_SEARCH: 'auto:10' },
        get contextWindow() {
          return threshold * 10;
        },
      },
      planOptions,
    });
    expect(search.request().reason).toBe('auto-threshold-reached');
    threshold = 1000;
    expect(search.request().reason).toBe('auto-sticky');
    search.reset();
    expect(search.request().reason).toBe('auto-below-threshold');
  });

  it('puts a cache breakpoint on the last tool that is not deferred', () => {
    const request = toolSearch().request({ cacheControl: { type: 'ephemeral' } });
    const withBreakpoint = request.tools.filter((tool) => 'cache_control' in tool);
    expect(withBreakpoint.map((tool) => tool.name)).toEqual(['mcp__github__list_issues']);
  });

  it('maps API names back to catalog tools', () => {
    const catalog = createCatalog([{ name: 'weird name!', server: 'my server' }]);
    const search = toolSearch({ tools: undefined, catalog });
    const apiName = search.request().deferred[0]!;
    expect(apiName).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(search.toolFor(apiName)?.name).toBe('weird name!');
    expect(search.toolFor('nope')).toBeUndefined();
  });
});

describe('createToolSearch: options', () => {
  it.each<[string, Partial<CreateToolSearchOptions>, RegExp]>([
    ['no catalog or tools', { tools: undefined }, /catalog or tools must be given/],
    ['both catalog and tools', { catalog: createCatalog([]) }, /exactly one/],
    ['no ranker in client mode', { ranker: undefined }, /ranker is required in client mode/],
    ['an unsafe search tool name', { searchToolName: 'search tools' }, /searchToolName must match/],
    ['a limit of 0', { limit: 0 }, /limit must be an integer from 1 to 100 \(got 0\)/],
    ['a maxLimit below limit', { limit: 6, maxLimit: 5 }, /maxLimit must be an integer from 6 to 100 \(got 5\)/],
    ['an unknown mode', { mode: 'server' as never }, /mode must be one of client, server-bm25, server-regex/],
    ['an empty beta', { beta: ' ' }, /beta must be a non-empty string or null/],
    ['a policy without model', { policy: {} as never }, /policy must be an object with a model id/],
  ])('rejects %s with invalid-option', (_, overrides, message) => {
    const error = errorOf(() => toolSearch(overrides));
    expect(error.code).toBe('invalid-option');
    expect(error.message).toMatch(message);
  });

  it('leaves out a catalog tool under the search tool name (its own or the API\'s) with a catalog issue and a warning', () => {
    for (const [overrides, name] of [[{}, 'search_tools'], [{ searchToolName: 'Bash' }, 'Bash'], [{ mode: 'server-bm25' as const }, 'tool_search_tool_bm25']] as const) {
      const onWarning = vi.fn();
      const search = toolSearch({ ...overrides, tools: [...FIXTURE_TOOLS, { name, description: 'a user tool' }], onWarning });
      expect(search.catalog.byApiName.get(name)).toBeUndefined();
      expect(search.catalog.issues.at(-1)).toMatchObject({ code: 'catalog-duplicate-name', name });
      expect(onWarning).toHaveBeenLastCalledWith(expect.objectContaining({ code: 'tool-skipped', issue: search.catalog.issues.at(-1) }));
      expect(search.request().tools.filter((tool) => tool.name === name)).toHaveLength(search.request().toolSearch === 'on' ? 1 : 0);
    }
  });

  it('sends no beta when beta is null', () => {
    expect(toolSearch({ beta: null }).request().betas).toEqual([]);
  });
});

describe('createToolSearch with a pattern ranker', () => {
  it('never wraps the regex ranker with the query syntax: ^get_ does not return get', async () => {
    const { createRegexRanker } = await import('@loadout/bm25/regex');
    const search = createToolSearch({
      tools: [{ name: 'get', server: 'kv' }, { name: 'get_forecast', server: 'weather' }, { name: 'send_message', server: 'slack' }],
      ranker: createRegexRanker(),
      policy: { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'true' } },
      planOptions,
    });
    search.request();
    const result = await search.answer({ id: 'toolu_1', name: 'search_tools', input: { query: '^get_' } });
    expect(result.content).toEqual([{ type: 'tool_reference', tool_name: 'mcp__weather__get_forecast' }]);
  });
});

describe('createToolSearch: token accounting', () => {
  it('counts the rendered tools: the search tool and plain tools up front, deferred ones as they load, the bytes, and a search', () => {
    const counter = planOptions.tokenCounter;
    const count = (value: unknown): number => counter.count(JSON.stringify(value));
    const search = toolSearch();
    const request = search.request();
    const plain = request.tools.filter((tool) => !('defer_loading' in tool));
    const loaded = request.tools.flatMap((tool) => {
      if (!('defer_loading' in tool)) return [];
      const { defer_loading: _deferred, ...rest } = tool;
      return [rest];
    });
    expect(request.tokens).toEqual({
      upfront: plain.reduce((sum, tool) => sum + count(tool), 0),
      deferred: loaded.reduce((sum, tool) => sum + count(tool), 0),
      bytes: Buffer.byteLength(JSON.stringify(request.tools)),
      definitions: request.tools.length,
      deferredDefinitions: request.deferred.length,
    });
    const weather = loaded.find((tool) => tool.name === 'mcp__weather__get_weather');
    const references = { type: 'tool_result', tool_use_id: 'toolu_0', content: [{ type: 'tool_reference', tool_name: 'mcp__weather__get_weather' }] };
    expect(search.searchCost(['mcp__weather__get_weather', 'no_such_tool'])).toEqual({
      definitions: count(weather),
      overhead: count(references),
      total: count(weather) + count(references),
    });
  });
});
