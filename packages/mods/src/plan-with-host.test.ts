import { describe, expect, it } from 'vitest';
import { planToolLoading, type PolicyInput } from '@loadout/core';
import { createModHost, definePlugin, pinMostUsed } from './index.js';

const input: PolicyInput = {
  model: 'claude-sonnet-4-5',
  env: { ENABLE_TOOL_SEARCH: 'auto:0.5' },
  contextWindow: 10_000,
  tools: [
    { name: 'Bash', kind: 'core', tokens: 50 },
    { name: 'create_issue', server: 'github', tokens: 40 },
    { name: 'get_pull_request', server: 'github', tokens: 40 },
    { name: 'list_commits', server: 'github', tokens: 40 },
    { name: 'send_message', server: 'slack', tokens: 40 },
  ],
  mods: [{ plugin: 'defer-slack', rules: [{ server: 'slack', isDeferred: true }] }],
};

describe('planToolLoading with a mod host as resolver', () => {
  it('pins the host plugin choice and counts only what stays deferrable', () => {
    const host = createModHost({
      plugins: [pinMostUsed('pin-team', { usage: { create_issue: 9, get_pull_request: 5 }, server: 'github', top: 2 })],
    });
    const plan = planToolLoading(input, { resolver: host });
    expect(plan.decision.upfront).toEqual(['Bash', 'mcp__github__create_issue', 'mcp__github__get_pull_request']);
    expect(plan.decision.deferred).toEqual(['mcp__github__list_commits', 'mcp__slack__send_message']);
    expect(plan.decision.deferrableTokens).toBe(80);
    expect(plan.decision.reason).toBe('auto-threshold-reached');
    expect(plan.tools.find((tool) => tool.name === 'create_issue')?.decidedBy).toBe('pin-team');
  });

  it('answers from its cache on the next turn', () => {
    let calls = 0;
    const host = createModHost({
      plugins: [
        definePlugin({
          name: 'counting',
          hooks: {
            'tool.describe': (_event, next) => {
              calls += 1;
              return next();
            },
          },
        }),
      ],
    });
    planToolLoading(input, { resolver: host });
    const first = calls;
    planToolLoading(input, { resolver: host });
    expect(first).toBe(5);
    expect(calls).toBe(first);
  });

  it('sees the declarative mods beneath it and reports its failures as warnings', () => {
    const host = createModHost({
      plugins: [
        definePlugin({
          name: 'broken',
          hooks: {
            'tool.describe': (event, next) => {
              if (event.tool.server === 'slack') {
                expect(event.isDeferred).toBe(true);
                throw new Error('boom');
              }
              return next();
            },
          },
        }),
      ],
    });
    const { decision } = planToolLoading(input, { resolver: host });
    expect(decision.warnings.filter((warning) => warning.code === 'mod-failed')).toHaveLength(1);
    expect(decision.deferred).toContain('mcp__slack__send_message');
  });
});
