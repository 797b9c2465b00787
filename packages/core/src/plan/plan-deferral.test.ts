import { describe, expect, it } from 'vitest';
import type { Mod } from '../mods/mod.js';
import { SONNET_4_5 } from '../policy/__fixtures__/policy-inputs.js';
import { planDeferral } from './plan-deferral.js';
import { planToolLoading } from './plan-tool-loading.js';
import type { DeferralInput } from './plan-types.js';

const input: DeferralInput = {
  servers: { pinned: { alwaysLoad: true } },
  tools: [
    { name: 'Bash', kind: 'core', tokens: 300 },
    { name: 'always', server: 'pinned', tokens: 100 },
    { name: 'flagged', server: 'loose', alwaysLoad: true, tokens: 50 },
    { name: 'search', server: 'loose', tokens: 1_000 },
    { name: 'create_issue', server: 'github', tokens: 400 },
  ],
  mods: [{ plugin: 'pin-search', rules: [{ tool: 'search', isDeferred: false, description: 'Search anything.' }] }],
};

describe('planDeferral: the provider-neutral planner', () => {
  it('defers by default, keeping core, alwaysLoad and mod-pinned tools upfront, with tokens and mods applied', () => {
    const plan = planDeferral(input);
    expect(plan.toolSearch).toBe('on');
    expect(plan.tools.map((tool) => [tool.name, tool.deferred, tool.why])).toEqual([
      ['Bash', false, 'core'],
      ['always', false, 'always-load-server'],
      ['flagged', false, 'always-load-tool'],
      ['search', false, 'mod'],
      ['create_issue', true, 'deferrable'],
    ]);
    expect(plan.tools[3]).toMatchObject({ description: 'Search anything.', decidedBy: 'pin-search' });
    expect(plan.deferred).toEqual(['mcp__github__create_issue']);
    expect(plan.upfront).toHaveLength(4);
    expect([plan.upfrontTokens, plan.deferredTokens, plan.deferrableTokens]).toEqual([1_450, 400, 400]);
    expect(plan.servers[0]).toMatchObject({ server: 'loose', tools: 2, deferredTools: 0 });
    expect(plan.warnings).toEqual([]);
  });

  it('lists every tool upfront when the caller turns tool search off, or when its own threshold says so', () => {
    const off = planDeferral({ ...input, toolSearch: false });
    expect(off.toolSearch).toBe('off');
    expect(off.deferred).toEqual([]);
    expect(off.tools.find((tool) => tool.name === 'create_issue')?.why).toBe('tool-search-off');
    expect(off.deferrableTokens).toBe(400);
    const seen: number[] = [];
    const threshold = planDeferral({ ...input, toolSearch: (tokens) => (seen.push(tokens), tokens > 1_000) });
    expect(seen).toEqual([400]);
    expect(threshold.toolSearch).toBe('off');
  });

  it('reports bad tools and throwing mods as warnings, never throwing', () => {
    const throwing: Mod = {
      name: 'broken',
      hooks: {
        'tool.describe': () => {
          throw new Error('boom');
        },
      },
    };
    const plan = planDeferral({ tools: [{ name: 'ok' }, { description: 'no name' } as never] }, { mods: [throwing] });
    expect(plan.tools.map((tool) => tool.name)).toEqual(['ok']);
    expect(plan.warnings.map((warning) => warning.code)).toEqual(['invalid-tool', 'mod-failed']);
    expect(planDeferral(null as never).tools).toEqual([]);
  });

  it('is the same partition planToolLoading makes once Claude\'s decision is on', () => {
    const claude = planToolLoading({ ...input, model: SONNET_4_5, env: { ENABLE_TOOL_SEARCH: 'true' } });
    const neutral = planDeferral(input);
    expect(claude.decision.toolSearch).toBe('on');
    expect(claude.tools).toEqual(neutral.tools);
    expect(claude.decision.deferred).toEqual(neutral.deferred);
    const claudeOff = planToolLoading({ ...input, model: SONNET_4_5, env: { ENABLE_TOOL_SEARCH: 'false' } });
    expect(claudeOff.tools).toEqual(planDeferral({ ...input, toolSearch: false }).tools);
  });
});
