import { decideToolSearch } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { toDeclarativeMods, toPlanInput } from './plan-input.js';
import { defaultPolicyState } from './playground-state.js';

describe('toPlanInput', () => {
  it('leaves empty fields unset so the policy applies its own defaults', () => {
    expect(toPlanInput(defaultPolicyState(), [])).toEqual({ model: 'claude-sonnet-4-5', provider: 'anthropic', env: {}, mods: [] });
  });

  it('maps every form field to the policy input', () => {
    const input = toPlanInput(
      {
        enableToolSearch: 'auto:5',
        model: ' claude-opus-4-5 ',
        provider: 'foundry',
        sdkVersion: '2.1.227',
        baseUrl: ' https://gateway.example.com ',
        disableBetas: '1',
        hipaa: true,
        contextWindow: '1,000,000',
        keepToolSearchOn: true,
        toolSearchActivated: true,
      },
      [],
    );
    expect(input).toEqual({
      model: 'claude-opus-4-5',
      provider: 'foundry',
      env: { ENABLE_TOOL_SEARCH: 'auto:5', ANTHROPIC_BASE_URL: 'https://gateway.example.com', CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' },
      sdkVersion: '2.1.227',
      hipaa: true,
      contextWindow: 1_000_000,
      managedSettings: { keepToolSearchOn: true },
      conversation: { toolSearchActivated: true },
      mods: [],
    });
  });

  it('passes a context window that is not a number on, so the policy warns about it', () => {
    const input = toPlanInput({ ...defaultPolicyState(), contextWindow: 'lots' }, []);
    const decision = decideToolSearch({ ...input, tools: [] });
    expect(decision.warnings.map((warning) => warning.code)).toContain('invalid-context-window');
    expect(decision.contextWindow).toBe(200_000);
  });

  it('decides env-false for ENABLE_TOOL_SEARCH=false', () => {
    const decision = decideToolSearch({ ...toPlanInput({ ...defaultPolicyState(), enableToolSearch: 'false' }, []), tools: [] });
    expect([decision.toolSearch, decision.reason]).toEqual(['off', 'env-false']);
  });
});

describe('toDeclarativeMods', () => {
  it('is empty without rules', () => {
    expect(toDeclarativeMods([])).toEqual([]);
  });

  it('turns rules into one mod, leaving blank server and tool unset (match all)', () => {
    expect(
      toDeclarativeMods([
        { server: 'github', tool: 'create_*', action: 'pin' },
        { server: ' ', tool: '', action: 'defer' },
      ]),
    ).toEqual([{ plugin: 'playground', rules: [{ server: 'github', tool: 'create_*', isDeferred: false }, { isDeferred: true }] }]);
  });
});
