import { describe, expect, it } from 'vitest';
import type { Mod } from '../mods/mod.js';
import { SONNET_4_5 } from '../policy/__fixtures__/policy-inputs.js';
import type { PolicyInput } from '../policy/policy-types.js';
import { createCachedTokenCounter } from '../tokens/cached-token-counter.js';
import { createCharacterCounter } from './__fixtures__/counters.js';
import { planToolLoading } from './plan-tool-loading.js';
import type { PlannedTool, ToolLoadingPlan } from './plan-types.js';
import { BUILTIN_SERVER_LABEL } from './plan-types.js';
import { renderToolDefinition } from './render-tool-definition.js';
import { createCatalog } from '../catalog/create-catalog.js';

function tool(plan: ToolLoadingPlan, displayName: string): PlannedTool {
  const found = plan.tools.find((item) => item.displayName === displayName);
  if (found === undefined) throw new Error(`${displayName} not planned`);
  return found;
}

const AUTO = { ENABLE_TOOL_SEARCH: 'auto' };

describe('planToolLoading: where tools go and why', () => {
  const input: PolicyInput = {
    model: SONNET_4_5,
    servers: { pinned: { alwaysLoad: true } },
    tools: [
      { name: 'Bash', kind: 'core', tokens: 300 },
      { name: 'WebFetch', kind: 'builtin', tokens: 200 },
      { name: 'always', server: 'pinned', tokens: 100 },
      { name: 'flagged', server: 'loose', alwaysLoad: true, tokens: 50 },
      { name: 'meta', server: 'loose', _meta: { 'anthropic/alwaysLoad': true }, tokens: 40 },
      { name: 'search', server: 'loose', tokens: 1_000 },
      { name: 'local_helper', tokens: 10 },
    ],
  };

  it('defers deferrable tools when on, and says why for each', () => {
    const plan = planToolLoading(input);
    expect(plan.tools.map((item) => [item.displayName, item.deferred, item.why])).toEqual([
      ['Bash', false, 'core'],
      ['WebFetch', true, 'deferrable'],
      ['mcp__pinned__always', false, 'always-load-server'],
      ['mcp__loose__flagged', false, 'always-load-tool'],
      ['mcp__loose__meta', false, 'always-load-tool'],
      ['mcp__loose__search', true, 'deferrable'],
      ['local_helper', true, 'deferrable'],
    ]);
    expect(plan.decision.upfront).toEqual(['Bash', 'mcp__pinned__always', 'mcp__loose__flagged', 'mcp__loose__meta']);
    expect(plan.decision.deferred).toEqual(['WebFetch', 'mcp__loose__search', 'local_helper']);
    expect(plan).toMatchObject({ upfrontTokens: 490, deferredTokens: 1_210 });
    expect(plan.decision.deferrableTokens).toBe(1_210);
  });

  it('loads everything upfront when off; deferrable tools say tool-search-off', () => {
    const plan = planToolLoading({ ...input, env: { ENABLE_TOOL_SEARCH: 'false' } });
    expect(plan.decision.deferred).toEqual([]);
    expect(plan.decision.upfront).toHaveLength(7);
    expect(tool(plan, 'WebFetch')).toMatchObject({ deferred: false, deferrable: true, why: 'tool-search-off' });
    expect(tool(plan, 'mcp__pinned__always')).toMatchObject({ deferred: false, deferrable: false, why: 'always-load-server' });
    expect(tool(plan, 'Bash').why).toBe('core');
    expect(plan).toMatchObject({ upfrontTokens: 1_700, deferredTokens: 0 });
    expect(plan.decision.deferrableTokens).toBe(1_210);
  });

  it('summarises servers by tokens, built-ins grouped under one label', () => {
    const plan = planToolLoading(input);
    expect(plan.servers).toEqual([
      { server: 'loose', builtIn: false, tools: 3, tokens: 1_090, deferredTools: 1, deferredTokens: 1_000 },
      { server: BUILTIN_SERVER_LABEL, builtIn: true, tools: 3, tokens: 510, deferredTools: 2, deferredTokens: 210 },
      { server: 'pinned', builtIn: false, tools: 1, tokens: 100, deferredTools: 0, deferredTokens: 0 },
    ]);
  });

  it('keeps the display and API names of each tool', () => {
    const plan = planToolLoading({ model: SONNET_4_5, tools: [{ name: 'do thing', server: 'my.server', tokens: 1 }] });
    expect(plan.tools[0]).toMatchObject({ displayName: 'mcp__my.server__do thing', name: 'do thing', server: 'my.server', kind: 'mcp' });
    expect(plan.tools[0]?.apiName).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});

describe('planToolLoading: mods', () => {
  const base: PolicyInput = {
    model: SONNET_4_5,
    env: AUTO,
    tools: [
      { name: 'Bash', kind: 'core', tokens: 30_000 },
      { name: 'big', server: 'github', tokens: 15_000 },
      { name: 'pinned', server: 'github', alwaysLoad: true, tokens: 10_000 },
    ],
  };

  it('a mod that defers an alwaysLoad tool makes auto count it', () => {
    expect(planToolLoading(base).decision).toMatchObject({ deferrableTokens: 15_000, reason: 'auto-below-threshold' });
    const plan = planToolLoading({ ...base, mods: [{ plugin: 'defer-pinned', rules: [{ tool: 'pinned', isDeferred: true }] }] });
    expect(plan.decision).toMatchObject({ deferrableTokens: 25_000, reason: 'auto-threshold-reached' });
    expect(tool(plan, 'mcp__github__pinned')).toMatchObject({ deferred: true, why: 'mod', decidedBy: 'defer-pinned' });
  });

  it('a mod that loads a tool upfront takes it out of the count', () => {
    const input = { ...base, tools: [...(base.tools ?? []), { name: 'extra', server: 'jira', tokens: 6_000 }] };
    expect(planToolLoading(input).decision.reason).toBe('auto-threshold-reached');
    const plan = planToolLoading({ ...input, mods: [{ plugin: 'pin-jira', rules: [{ server: 'jira', isDeferred: false }] }] });
    expect(plan.decision).toMatchObject({ deferrableTokens: 15_000, reason: 'auto-below-threshold' });
    expect(tool(plan, 'mcp__jira__extra')).toMatchObject({ deferred: false, deferrable: false, why: 'mod', decidedBy: 'pin-jira' });
  });

  it('applies input mods in order, the last match deciding, then programmatic mods', () => {
    const mods = [
      { plugin: 'first', rules: [{ tool: 'big', isDeferred: false }] },
      { plugin: 'second', rules: [{ tool: 'b*', isDeferred: true }] },
    ];
    expect(tool(planToolLoading({ ...base, env: {}, mods }), 'mcp__github__big')).toMatchObject({ deferred: true });
    const outer: Mod = { name: 'outer', hooks: { 'tool.describe': (event, next) => ({ ...next(event), isDeferred: false }) } };
    const plan = planToolLoading({ ...base, env: {}, mods }, { mods: [outer] });
    expect(tool(plan, 'mcp__github__big')).toMatchObject({ deferred: false, why: 'mod', decidedBy: 'outer' });
  });

  it('never moves or counts a core built-in', () => {
    const plan = planToolLoading(
      { ...base, env: { ENABLE_TOOL_SEARCH: 'true' }, mods: [{ plugin: 'all', rules: [{ isDeferred: true }] }] },
      { mods: [{ name: 'sneaky', hooks: { 'tool.describe': (event, next) => next({ ...event, isDeferred: true }) } }] },
    );
    expect(tool(plan, 'Bash')).toMatchObject({ deferred: false, deferrable: false, why: 'core' });
    expect(plan.decision.deferrableTokens).toBe(25_000);
    expect(plan.decision.warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/"all".*"Bash"/),
      expect.stringMatching(/"sneaky".*"Bash"/),
    ]);
  });

  it('counts the description a mod wrote, unless the tool brings its own tokens', () => {
    const counter = createCharacterCounter();
    const input: PolicyInput = {
      model: SONNET_4_5,
      tools: [
        { name: 'counted', server: 's', description: 'short' },
        { name: 'given', server: 's', description: 'short', tokens: 7 },
      ],
      mods: [{ plugin: 'longer', rules: [{ description: 'a much longer description' }] }],
    };
    const plan = planToolLoading(input, { tokenCounter: counter });
    const catalogTool = createCatalog([{ name: 'counted', server: 's' }]).tools[0];
    if (catalogTool === undefined) throw new Error('fixture tool missing');
    expect(tool(plan, 'mcp__s__counted')).toMatchObject({
      description: 'a much longer description',
      tokens: renderToolDefinition(catalogTool, 'a much longer description').length,
    });
    expect(tool(plan, 'mcp__s__given').tokens).toBe(7);
    expect(counter.calls).toHaveLength(1);
  });
});

describe('planToolLoading: token counting', () => {
  it('uses the approximate counter by default, deterministically', () => {
    const input: PolicyInput = { model: SONNET_4_5, tools: [{ name: 'search_slack_messages', description: 'Search Slack messages by keyword' }] };
    const first = planToolLoading(input).tools[0]?.tokens ?? 0;
    expect(first).toBeGreaterThan(5);
    expect(planToolLoading(input).tools[0]?.tokens).toBe(first);
  });

  it('reads a misbehaving counter result as a non-negative integer', () => {
    const counts = [Number.NaN, -5, 2.6];
    let call = 0;
    const plan = planToolLoading(
      { model: SONNET_4_5, tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
      { tokenCounter: { specificationVersion: 'v1', id: 'odd', count: () => counts[call++] ?? 0 } },
    );
    expect(plan.tools.map((item) => item.tokens)).toEqual([0, 0, 3]);
  });

  it('counts 10,000 definitions once when planned twice with a cached counter', () => {
    const counter = createCharacterCounter();
    const cached = createCachedTokenCounter(counter);
    const tools = Array.from({ length: 10_000 }, (_, index) => ({ name: `tool_${index}`, server: `server_${index % 40}`, description: `Tool number ${index}` }));
    const first = planToolLoading({ model: SONNET_4_5, tools }, { tokenCounter: cached });
    const second = planToolLoading({ model: SONNET_4_5, tools }, { tokenCounter: cached });
    expect(counter.calls).toHaveLength(10_000);
    expect(second.decision.deferrableTokens).toBe(first.decision.deferrableTokens);
    expect(first.servers).toHaveLength(40);
  });
});
