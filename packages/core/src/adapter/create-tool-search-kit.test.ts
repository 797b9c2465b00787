import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { createFakeRanker } from '../test/fake-ranker.js';
import { createFakeTokenCounter } from '../test/fake-token-counter.js';
import { planDeferral } from '../plan/plan-deferral.js';
import { createToolSearchKit } from './create-tool-search-kit.js';

const tools = [
  { name: 'Bash', kind: 'core' as const, description: 'Run a shell command.' },
  { name: 'get_weather', server: 'weather', description: 'Get the weather for a city.' },
  { name: 'send_message', server: 'slack', description: 'Send a Slack message.' },
  { name: 'create_issue', server: 'github', description: 'Create an issue.' },
];
const kit = (options = {}) => createToolSearchKit('test', { tools, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() }, ...options });

describe('createToolSearchKit', () => {
  it('plans with planDeferral and searches only the deferred tools, minus exclusions, with descriptions after mods', async () => {
    const search = kit({ mods: [{ plugin: 'm', rules: [{ tool: 'send_message', isDeferred: false }, { tool: 'create_issue', description: 'Open an issue.' }] }] });
    expect(search.plan().deferred).toEqual(['mcp__weather__get_weather', 'mcp__github__create_issue']);
    const answer = await search.search({ query: 'select:send_message,create_issue,get_weather' }, { exclude: (name) => name === 'mcp__weather__get_weather' });
    expect(answer.ok && answer.tools.map((tool) => [tool.name, tool.description])).toEqual([['mcp__github__create_issue', 'Open an issue.']]);
    expect(search.plan({ disabled: true }).deferred).toEqual([]);
    expect(search.planned('mcp__weather__get_weather')).toMatchObject({ deferred: false, why: 'tool-search-off' });
    expect(search.planned('mcp__slack__send_message')).toMatchObject({ deferred: false, why: 'mod', decidedBy: 'm' });
  });

  it('records a run of a tool a search found (recordUsage), once per search and tool, under its display name', async () => {
    const events: unknown[] = [];
    const search = kit({ recordUsage: (event: unknown) => events.push(event) });
    search.plan();
    const answer = await search.search({ query: 'weather for a city' });
    expect(answer.ok && answer.tools.map((tool) => tool.name)).toContain('mcp__weather__get_weather');
    search.called('mcp__weather__get_weather');
    search.called('mcp__weather__get_weather');
    search.called('mcp__github__create_issue');
    search.called('not_in_the_catalog');
    expect(events).toEqual([{ query: 'weather for a city', called: ['mcp__weather__get_weather'], at: expect.any(Number) }]);
    // Without recordUsage, called is a no-op; a sink that throws never reaches the adapter.
    kit().called('mcp__weather__get_weather');
    const throwing = kit({ recordUsage: () => { throw new Error('full'); } });
    throwing.plan();
    await throwing.search({ query: 'weather for a city' });
    expect(() => throwing.called('mcp__weather__get_weather')).not.toThrow();
    // An async sink's rejection is caught too: no unhandled rejection (vitest fails the run on one).
    const rejecting = kit({ recordUsage: () => Promise.reject(new Error('full')) });
    rejecting.plan();
    await rejecting.search({ query: 'weather for a city' });
    rejecting.called('mcp__weather__get_weather');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(() => kit({ recordUsage: 'yes' })).toThrow(/recordUsage must be a function/);
  });

  it('plans with a planner when given one (the catalog tools and servers, the options of the call); disabled searches find nothing', async () => {
    const calls: unknown[] = [];
    const search = kit({
      planner: (input: { tools: readonly { name: string }[]; servers: unknown }, options: unknown) => {
        calls.push([input.tools.map((tool) => tool.name), input.servers, options]);
        return { ...planDeferral({ tools: input.tools as never, toolSearch: true }), decision: 'mine' };
      },
    });
    expect(search.plan({ baseURL: 'https://gw.example' })).toMatchObject({ decision: 'mine' });
    expect(calls).toEqual([[['Bash', 'get_weather', 'send_message', 'create_issue'], expect.any(Object), { baseURL: 'https://gw.example' }]]);
    const select = { query: 'select:get_weather' };
    expect(await search.search(select)).toMatchObject({ ok: true, tools: [{ name: 'mcp__weather__get_weather' }] });
    search.plan({ disabled: true });
    expect(await search.search(select)).toMatchObject({ ok: true, tools: [] });
    search.reset();
    expect(await search.search(select)).toMatchObject({ ok: true, tools: [{ name: 'mcp__weather__get_weather' }] });
    expect(calls).toHaveLength(3);
    expect(() => kit({ planner: 'mine' })).toThrow(/test: planner must be a function/);
  });

  it('forgets the recent searches on reset', async () => {
    const events: unknown[] = [];
    const search = kit({ recordUsage: (event: unknown) => events.push(event) });
    await search.search({ query: 'weather for a city' });
    search.reset();
    search.called('mcp__weather__get_weather');
    expect(events).toEqual([]);
  });

  it('names the owner and the option in errors', () => {
    let caught: unknown;
    try {
      kit({ maxLimit: 2, limit: 3 });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    expect((caught as Error).message).toBe('test: maxLimit must be an integer from 3 to 100 (got 2)');
  });

  it('leaves out a catalog tool sent under the search tool name and tells onWarning of every skipped tool once', () => {
    const warnings: unknown[] = [];
    const search = kit({
      tools: [...tools, { name: 'search_tools', description: 'My CRM search.' }, { name: '' }, { name: 'get_weather', server: 'weather' }],
      onWarning: (warning: unknown) => warnings.push(warning),
    });
    expect(search.catalog.byApiName.has('search_tools')).toBe(false);
    expect(search.catalog.tools.map((tool) => tool.name)).toEqual(['Bash', 'get_weather', 'send_message', 'create_issue']);
    expect(search.catalog.issues.map((issue) => issue.code)).toEqual(['catalog-missing-name', 'catalog-duplicate-name', 'catalog-duplicate-name']);
    expect(search.catalog.issues[2]).toMatchObject({ name: 'search_tools', message: expect.stringContaining("the search tool's name") });
    expect(warnings).toEqual(search.catalog.issues.map((issue) => ({ code: 'tool-skipped', message: issue.message, issue })));
    expect(kit({ tools: [...tools, { name: 'find' }], searchToolName: 'find' }).catalog.byApiName.has('find')).toBe(false);
    expect(() => kit({ onWarning: 'log' })).toThrow(/test: onWarning must be a function/);
  });
});
