/**
 * One behaviour table run against every adapter the CLI has (the adapter
 * entries of its package.json dependencies, `loadAdapterList`), through the versioned
 * `ToolSearchAdapter` contract: mods, alwaysLoad, the policy's decision and
 * the loaded-tools lifecycle must come out the same, because every adapter
 * renders the same core kernels. A new adapter joins the table by becoming
 * a dependency of the CLI.
 */
import type { DeclarativeMod, ServerSettings, ToolInput } from '@loadout/core';
import type { ToolSearchAdapter, ToolSearchAdapterDefinition } from '@loadout/core/adapter';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { loadAdapterList } from '../../apps/cli/src/commands/adapter-list.js';

const DEFINITIONS = await loadAdapterList();
const object = { type: 'object', properties: { text: { type: 'string' } } };
const TOOLS: ToolInput[] = [
  { name: 'Read', kind: 'core', description: 'Read a file.', inputSchema: object },
  { name: 'get_weather', server: 'weather', description: 'Get the weather for a city.', inputSchema: object },
  { name: 'send_message', server: 'slack', description: 'Send a Slack message.', inputSchema: object },
  { name: 'list_channels', server: 'slack', description: 'List Slack channels.', inputSchema: object },
  { name: 'create_issue', server: 'github', description: 'Create a GitHub issue.', inputSchema: object },
  { name: 'whoami', server: 'github', description: 'The signed-in user.', alwaysLoad: true, inputSchema: object },
  { name: 'query', server: 'db', description: 'Run a SQL query.', inputSchema: object },
];
const SERVERS: Record<string, ServerSettings> = { db: { alwaysLoad: true } };
const MODS: DeclarativeMod[] = [
  { plugin: 'pins', rules: [{ tool: 'send_message', isDeferred: false }, { tool: 'create_issue', description: 'Open an issue (modded).' }] },
];
const WEATHER = 'mcp__weather__get_weather';
const ISSUE = 'mcp__github__create_issue';

interface Setup {
  readonly mods?: DeclarativeMod[];
  readonly toolSearch?: boolean;
}

const build = (definition: ToolSearchAdapterDefinition, setup: Setup): ToolSearchAdapter =>
  definition.create({
    tools: TOOLS,
    servers: SERVERS,
    ranker: createFakeRanker(),
    planOptions: { tokenCounter: createFakeTokenCounter() },
    mods: setup.mods ?? [],
    toolSearch: setup.toolSearch ?? true,
    // Claude's policy would keep a catalog this small upfront (auto threshold): tool search on unless the setup turns it off.
    policy: { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'true' } },
  });

/** A search call with these arguments, answered after the first request was planned. */
async function answer(adapter: ToolSearchAdapter, input: unknown) {
  adapter.request();
  const call = adapter.searchCall(input, 'c1');
  expect(adapter.isSearchCall(call)).toBe(true);
  return { call, ...(await adapter.answer(call)) };
}

describe.each(DEFINITIONS.map((definition) => [definition.name, definition] as const))('%s', (_name, definition) => {
  it('is a v1 definition whose adapters are v1', () => {
    expect(definition.specificationVersion).toBe('v1');
    expect(build(definition, {}).specificationVersion).toBe('v1');
  });

  it('keeps core tools, alwaysLoad tools and servers upfront and defers the rest behind a search tool', () => {
    const request = build(definition, {}).request();
    expect(request.toolSearch).toBe('on');
    expect(request.upfront).toEqual(['Read', 'mcp__github__whoami', 'mcp__db__query']);
    expect(request.tokens.definitions).toBeGreaterThan(request.upfront.length);
  });

  it('applies mods: a pin moves a tool upfront, a rewrite changes the description the model gets', () => {
    const adapter = build(definition, { mods: MODS });
    expect(adapter.request().upfront).toEqual(['Read', 'mcp__slack__send_message', 'mcp__github__whoami', 'mcp__db__query']);
    expect(adapter.describe(ISSUE)).toBe('Open an issue (modded).');
    expect(adapter.describe('no_such_tool')).toBeUndefined();
  });

  it('follows the decision: tool search off sends every tool upfront and no search tool', () => {
    const request = build(definition, { toolSearch: false }).request();
    expect(request.toolSearch).toBe('off');
    expect(request.upfront).toHaveLength(TOOLS.length);
    expect(request.tokens.definitions).toBe(TOOLS.length);
  });

  it('searches only deferred tools', async () => {
    const { loaded, message } = await answer(build(definition, { mods: MODS }), { query: 'select:get_weather,send_message,whoami' });
    expect(loaded).toEqual([WEATHER]);
    expect(message).toBeNull();
  });

  it.each<[string, unknown, RegExp]>([
    ['an empty query', { query: '  ' }, /names nothing to search for/],
    ['an over-long query', { query: 'x'.repeat(501) }, /501 characters.*limit is 500/],
    ['a query that is not a string', { query: 42 }, /query must be a string/],
  ])('answers %s with no tools and a message naming the problem', async (_label, input, text) => {
    const { loaded, message } = await answer(build(definition, {}), input);
    expect(loaded).toEqual([]);
    expect(message).toMatch(text);
  });

  it('keeps a found tool loaded while its answer is in the transcript and unloads it after compaction', async () => {
    const adapter = build(definition, {});
    const { call, output, loaded } = await answer(adapter, { query: 'select:get_weather,create_issue' });
    expect(loaded).toEqual([WEATHER, ISSUE]);
    expect(adapter.loaded(adapter.exchange(call, output))).toEqual([WEATHER, ISSUE]);
    expect(adapter.loaded([])).toEqual([]);
  });

  it('skips a tool named like the search tool, a duplicate, a nameless tool and a non-object schema, warns once each, and works with the rest', async () => {
    const warnings: { code: string; issue?: { code: string } }[] = [];
    const hostile: ToolInput[] = [
      ...TOOLS,
      { name: 'search_tools', description: 'A user tool without a server.' },
      { name: 'get_weather', server: 'weather', description: 'A duplicate.' },
      { name: '', server: 'evil' },
      { name: 'bad_schema', server: 'evil', inputSchema: { type: 'string' } },
    ];
    const adapter = definition.create({
      tools: hostile,
      servers: SERVERS,
      ranker: createFakeRanker(),
      planOptions: { tokenCounter: createFakeTokenCounter() },
      policy: { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'true' } },
      onWarning: (warning) => warnings.push(warning),
    });
    expect(warnings.map((warning) => [warning.code, warning.issue?.code])).toEqual([
      ['tool-skipped', 'catalog-duplicate-name'],
      ['tool-skipped', 'catalog-missing-name'],
      ['tool-skipped', 'catalog-invalid-schema'],
      ['tool-skipped', 'catalog-duplicate-name'],
    ]);
    const request = adapter.request();
    expect([...request.upfront, ...request.deferred].sort()).toEqual(build(definition, {}).request().upfront.concat(build(definition, {}).request().deferred).sort());
    const { loaded } = await answer(adapter, { query: 'select:get_weather' });
    expect(loaded).toEqual([WEATHER]);
  });

  it('counts what a search loading a tool adds: its definition plus the answer', () => {
    const adapter = build(definition, {});
    adapter.request();
    const cost = adapter.searchCost([WEATHER]);
    expect(cost.definitions).toBeGreaterThan(0);
    expect(cost.total).toBe(cost.definitions + cost.overhead);
  });
});
