import { describe, expect, it } from 'vitest';
import type { Mod } from '../mods/mod.js';
import { CORE_TOOLS, policyInput, SONNET_4_5 } from './__fixtures__/policy-inputs.js';
import { decideToolSearch } from './decide-tool-search.js';
import type { PolicyInput, ReasonCode, ToolSearchDecision, WarningCode } from './policy-types.js';

const GATEWAY = 'https://llm-gateway.internal.example';

function codes(decision: ToolSearchDecision): WarningCode[] {
  return decision.warnings.map((warning) => warning.code);
}

function warning(decision: ToolSearchDecision, code: WarningCode): string {
  const found = decision.warnings.find((item) => item.code === code);
  if (found === undefined) throw new Error(`no ${code} warning in ${JSON.stringify(decision.warnings)}`);
  return found.message;
}

describe('decideToolSearch: the reason-code table', () => {
  const rows: [ReasonCode, 'on' | 'off', Partial<PolicyInput>, number?][] = [
    ['hipaa', 'off', { hipaa: true, env: { ENABLE_TOOL_SEARCH: 'true' }, managedSettings: { keepToolSearchOn: true } }],
    ['provider-rejects', 'off', { provider: 'foundry', env: { ENABLE_TOOL_SEARCH: 'true' } }],
    ['model-unsupported', 'off', { model: 'claude-3-7-sonnet-20250219', env: { ENABLE_TOOL_SEARCH: 'true' } }],
    ['platform-model-unsupported', 'off', { provider: 'agent-platform', model: 'claude-sonnet-4@20250514', env: { ENABLE_TOOL_SEARCH: 'true' } }],
    ['betas-disabled', 'off', { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1', ENABLE_TOOL_SEARCH: 'true' } }],
    ['env-false', 'off', { env: { ENABLE_TOOL_SEARCH: 'false' } }],
    ['platform-legacy-default-off', 'off', { provider: 'agent-platform', model: 'claude-opus-4-5@20251101', sdkVersion: '2.1.220' }],
    ['gateway-legacy-default-off', 'off', { env: { ANTHROPIC_BASE_URL: GATEWAY }, sdkVersion: '2.1.303' }],
    ['default-on', 'on', {}],
    ['env-true', 'on', { env: { ENABLE_TOOL_SEARCH: 'true' } }],
    ['auto-threshold-reached', 'on', { env: { ENABLE_TOOL_SEARCH: 'auto' } }, 20_000],
    ['auto-sticky', 'on', { env: { ENABLE_TOOL_SEARCH: 'auto' }, conversation: { toolSearchActivated: true } }, 19_999],
    ['auto-below-threshold', 'off', { env: { ENABLE_TOOL_SEARCH: 'auto' } }, 19_999],
  ];

  it.each(rows)('%s: tool search %s', (reason, toolSearch, overrides, deferrable = 1_000) => {
    const decision = decideToolSearch(policyInput(overrides, deferrable));
    expect(decision.reason).toBe(reason);
    expect(decision.toolSearch).toBe(toolSearch);
    expect(decision.trace.at(-1)).toContain(`→ ${toolSearch} (${reason})`);
    if (toolSearch === 'off') expect(decision.deferred).toEqual([]);
    else expect(decision.deferred).toEqual(['mcp__github__list_issues', 'mcp__github__create_issue']);
    expect(decision.upfront.slice(0, 2)).toEqual(['Bash', 'Read']);
    expect(decision.deferrableTokens).toBe(deferrable);
  });

  it('consults the rules strongest first, one trace line each', () => {
    const lengths = rows.map(([reason, , overrides, deferrable]) => [
      reason,
      decideToolSearch(policyInput(overrides, deferrable ?? 1_000)).trace.length,
    ]);
    expect(lengths).toEqual([
      ['hipaa', 1],
      ['provider-rejects', 2],
      ['model-unsupported', 3],
      ['platform-model-unsupported', 3],
      ['betas-disabled', 4],
      ['env-false', 5],
      ['platform-legacy-default-off', 6],
      ['gateway-legacy-default-off', 7],
      ['default-on', 8],
      ['env-true', 8],
      ['auto-threshold-reached', 8],
      ['auto-sticky', 8],
      ['auto-below-threshold', 8],
    ]);
  });

  it('lets a stronger rule win when several apply', () => {
    const everything: Partial<PolicyInput> = {
      hipaa: true,
      provider: 'foundry',
      model: 'claude-2.1',
      env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1', ENABLE_TOOL_SEARCH: 'false' },
    };
    expect(decideToolSearch(policyInput(everything)).reason).toBe('hipaa');
    expect(decideToolSearch(policyInput({ ...everything, hipaa: false })).reason).toBe('provider-rejects');
    expect(decideToolSearch(policyInput({ ...everything, hipaa: false, provider: 'bedrock' })).reason).toBe('model-unsupported');
    expect(decideToolSearch(policyInput({ ...everything, hipaa: false, provider: 'bedrock', model: SONNET_4_5 })).reason).toBe(
      'betas-disabled',
    );
  });

  it('keeps the model deny list whatever ENABLE_TOOL_SEARCH says', () => {
    for (const value of ['true', 'auto:0', 'false']) {
      const decision = decideToolSearch(policyInput({ model: 'claude-3-5-haiku-latest', env: { ENABLE_TOOL_SEARCH: value } }));
      expect(decision.reason).toBe('model-unsupported');
    }
  });

  it('reads a Claude 3 model on agent-platform as model-unsupported (general list first)', () => {
    const decision = decideToolSearch(policyInput({ provider: 'agent-platform', model: 'claude-3-7-sonnet@20250219' }));
    expect(decision.reason).toBe('model-unsupported');
  });

  it('reads CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS as a flag', () => {
    for (const value of ['0', 'false', 'NO', 'off', '', ' ']) {
      const decision = decideToolSearch(policyInput({ env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: value } }));
      expect(decision.reason).toBe('default-on');
    }
    for (const value of ['1', 'true', 'yes']) {
      const decision = decideToolSearch(policyInput({ env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: value } }));
      expect(decision.reason).toBe('betas-disabled');
    }
  });

  it('reports mode and threshold only for auto', () => {
    const auto = decideToolSearch(policyInput({ env: { ENABLE_TOOL_SEARCH: 'auto:5' } }));
    expect(auto).toMatchObject({ mode: 'auto', thresholdPercent: 5, thresholdTokens: 10_000, contextWindow: 200_000 });
    const unset = decideToolSearch(policyInput());
    expect(unset).toMatchObject({ mode: 'unset', thresholdPercent: null, thresholdTokens: null });
    expect(decideToolSearch(policyInput({ env: { ENABLE_TOOL_SEARCH: 'TRUE' } })).mode).toBe('true');
    expect(decideToolSearch(policyInput({ env: { ENABLE_TOOL_SEARCH: 'false' } })).mode).toBe('false');
  });
});

describe('decideToolSearch: SDK version boundaries', () => {
  it('agent-platform default: off below 2.1.221, on from it', () => {
    const platform = { provider: 'agent-platform' as const, model: 'claude-sonnet-4-5@20250929' };
    expect(decideToolSearch(policyInput({ ...platform, sdkVersion: '2.1.220' })).reason).toBe('platform-legacy-default-off');
    expect(decideToolSearch(policyInput({ ...platform, sdkVersion: '2.1.221' })).reason).toBe('default-on');
    expect(decideToolSearch(policyInput(platform)).reason).toBe('default-on');
    expect(decideToolSearch(policyInput({ ...platform, sdkVersion: '2.1.221-rc.1' })).reason).toBe('platform-legacy-default-off');
  });

  it('agent-platform before 2.1.221 follows ENABLE_TOOL_SEARCH when it is set, not when it is invalid', () => {
    const old = { provider: 'agent-platform' as const, model: 'claude-opus-4-5@20251101', sdkVersion: '2.1.100' };
    expect(decideToolSearch(policyInput({ ...old, env: { ENABLE_TOOL_SEARCH: 'true' } })).reason).toBe('env-true');
    expect(decideToolSearch(policyInput({ ...old, env: { ENABLE_TOOL_SEARCH: 'auto:1' } }, 2_000)).reason).toBe('auto-threshold-reached');
    expect(decideToolSearch(policyInput({ ...old, env: { ENABLE_TOOL_SEARCH: 'sure' } })).reason).toBe('platform-legacy-default-off');
  });

  it('managed override: ignored below 2.1.227, applies from it', () => {
    const betas = { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' }, managedSettings: { keepToolSearchOn: true } };
    const below = decideToolSearch(policyInput({ ...betas, sdkVersion: '2.1.226' }));
    expect(below.reason).toBe('betas-disabled');
    expect(warning(below, 'managed-override-ignored')).toContain('2.1.226');
    const at = decideToolSearch(policyInput({ ...betas, sdkVersion: '2.1.227' }));
    expect(at.reason).toBe('default-on');
    expect(codes(at)).toEqual([]);
    expect(decideToolSearch(policyInput(betas)).reason).toBe('default-on');
  });

  it('managed override: the other rules still apply after it', () => {
    const betas = { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: 'true' };
    const keep = { managedSettings: { keepToolSearchOn: true } };
    expect(decideToolSearch(policyInput({ ...keep, env: { ...betas, ENABLE_TOOL_SEARCH: 'false' } })).reason).toBe('env-false');
    expect(decideToolSearch(policyInput({ ...keep, env: { ...betas, ENABLE_TOOL_SEARCH: 'auto' } })).reason).toBe(
      'auto-below-threshold',
    );
    const gateway = { ...keep, env: { ...betas, ANTHROPIC_BASE_URL: GATEWAY }, sdkVersion: '2.1.300' };
    expect(decideToolSearch(policyInput(gateway)).reason).toBe('gateway-legacy-default-off');
  });

  it('managed override has no effect on cloud providers', () => {
    for (const provider of ['bedrock', 'agent-platform'] as const) {
      const decision = decideToolSearch(
        policyInput({
          provider,
          model: 'claude-opus-4-5',
          env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' },
          managedSettings: { keepToolSearchOn: true },
        }),
      );
      expect(decision.reason).toBe('betas-disabled');
      expect(warning(decision, 'managed-override-ignored')).toContain(provider);
    }
  });

  it('managed override without the betas variable changes nothing and warns nothing', () => {
    const decision = decideToolSearch(policyInput({ provider: 'bedrock', managedSettings: { keepToolSearchOn: true } }));
    expect(decision.reason).toBe('default-on');
    expect(decision.warnings).toEqual([]);
  });

  it('gateway default: off below 2.1.304, on from it', () => {
    const gateway = { env: { ANTHROPIC_BASE_URL: GATEWAY } };
    expect(decideToolSearch(policyInput({ ...gateway, sdkVersion: '2.1.303' })).reason).toBe('gateway-legacy-default-off');
    expect(decideToolSearch(policyInput({ ...gateway, sdkVersion: '2.1.304' })).reason).toBe('default-on');
    expect(decideToolSearch(policyInput(gateway)).reason).toBe('default-on');
  });

  it('gateway before 2.1.304 follows true, auto and auto:N', () => {
    const old = (value: string) =>
      decideToolSearch(policyInput({ env: { ANTHROPIC_BASE_URL: GATEWAY, ENABLE_TOOL_SEARCH: value }, sdkVersion: '2.1.200' })).reason;
    expect(old('true')).toBe('env-true');
    expect(old('auto')).toBe('auto-below-threshold');
    expect(old('auto:0')).toBe('auto-threshold-reached');
    expect(old('false')).toBe('env-false');
    expect(old('bogus')).toBe('gateway-legacy-default-off');
  });

  it('the gateway rule needs a non-first-party host on the anthropic provider', () => {
    const old = { sdkVersion: '2.1.200' };
    expect(decideToolSearch(policyInput({ ...old, env: { ANTHROPIC_BASE_URL: 'https://api.anthropic.com/' } })).reason).toBe('default-on');
    expect(decideToolSearch(policyInput(old)).reason).toBe('default-on');
    expect(decideToolSearch(policyInput({ ...old, provider: 'bedrock', env: { ANTHROPIC_BASE_URL: GATEWAY } })).reason).toBe('default-on');
    const unparsable = decideToolSearch(policyInput({ ...old, env: { ANTHROPIC_BASE_URL: 'llm-gateway:8080' } }));
    expect(unparsable.reason).toBe('gateway-legacy-default-off');
    expect(codes(unparsable)).toEqual(['invalid-base-url']);
  });
});

describe('decideToolSearch: the auto threshold', () => {
  const auto = (value: string, deferrable: number, overrides: Partial<PolicyInput> = {}) =>
    decideToolSearch(policyInput({ env: { ENABLE_TOOL_SEARCH: value }, ...overrides }, deferrable));

  it('exactly N% reaches it, one token below does not', () => {
    expect(auto('auto', 20_000).reason).toBe('auto-threshold-reached');
    expect(auto('auto', 19_999).reason).toBe('auto-below-threshold');
    expect(auto('auto:5', 10_000).reason).toBe('auto-threshold-reached');
    expect(auto('auto:5', 9_999).reason).toBe('auto-below-threshold');
    expect(auto('auto:2.5', 5_000).reason).toBe('auto-threshold-reached');
    expect(auto('auto:2.5', 4_999).reason).toBe('auto-below-threshold');
    expect(auto('auto:100', 200_000).reason).toBe('auto-threshold-reached');
    expect(auto('auto:100', 199_999).reason).toBe('auto-below-threshold');
  });

  it('auto:0 is always reached', () => {
    const decision = decideToolSearch({ model: SONNET_4_5, env: { ENABLE_TOOL_SEARCH: 'auto:0' } });
    expect(decision).toMatchObject({ reason: 'auto-threshold-reached', thresholdTokens: 0, deferrableTokens: 0 });
  });

  it('rounds a fractional threshold up', () => {
    const decision = auto('auto', 20_000, { contextWindow: 200_001 });
    expect(decision).toMatchObject({ reason: 'auto-below-threshold', thresholdTokens: 20_001 });
    expect(auto('auto', 20_001, { contextWindow: 200_001 }).reason).toBe('auto-threshold-reached');
  });

  it('uses the [1m] window when contextWindow is absent, and contextWindow when given', () => {
    const oneMillion = auto('auto', 99_999, { model: 'claude-sonnet-4-5-20250929[1m]' });
    expect(oneMillion).toMatchObject({ contextWindow: 1_000_000, thresholdTokens: 100_000, reason: 'auto-below-threshold' });
    expect(auto('auto', 100_000, { model: 'claude-sonnet-4-5-20250929[1m]' }).reason).toBe('auto-threshold-reached');
    expect(auto('auto', 5_000, { contextWindow: 50_000 })).toMatchObject({ thresholdTokens: 5_000, reason: 'auto-threshold-reached' });
  });

  it('counts neither core built-ins nor alwaysLoad tools', () => {
    const decision = decideToolSearch({
      model: SONNET_4_5,
      env: { ENABLE_TOOL_SEARCH: 'auto' },
      servers: { pinned: { alwaysLoad: true } },
      tools: [
        { name: 'Bash', kind: 'core', tokens: 150_000 },
        { name: 'a', server: 'pinned', tokens: 50_000 },
        { name: 'b', server: 'loose', alwaysLoad: true, tokens: 50_000 },
        { name: 'c', server: 'loose', _meta: { 'anthropic/alwaysLoad': true }, tokens: 50_000 },
        { name: 'd', server: 'loose', tokens: 19_999 },
      ],
    });
    expect(decision).toMatchObject({ deferrableTokens: 19_999, reason: 'auto-below-threshold', deferred: [] });
  });

  it('counts deferrable built-ins', () => {
    const decision = decideToolSearch({
      model: SONNET_4_5,
      env: { ENABLE_TOOL_SEARCH: 'auto' },
      tools: [
        { name: 'WebFetch', kind: 'builtin', tokens: 15_000 },
        { name: 'e', server: 'loose', tokens: 5_000 },
      ],
    });
    expect(decision).toMatchObject({ deferrableTokens: 20_000, reason: 'auto-threshold-reached', deferred: ['WebFetch', 'mcp__loose__e'] });
  });

  it('computes deferrable tokens even when tool search ends up off', () => {
    expect(decideToolSearch(policyInput({ hipaa: true }, 12_345)).deferrableTokens).toBe(12_345);
    expect(decideToolSearch(policyInput({ env: { ENABLE_TOOL_SEARCH: 'false' } }, 777)).deferrableTokens).toBe(777);
  });
});

describe('decideToolSearch: stickiness', () => {
  it('stays on below the threshold once activated in this conversation', () => {
    const below = policyInput({ env: { ENABLE_TOOL_SEARCH: 'auto' }, conversation: { toolSearchActivated: true } }, 100);
    const decision = decideToolSearch(below);
    expect(decision.reason).toBe('auto-sticky');
    expect(decision.deferred).toHaveLength(2);
  });

  it('does not outrank the stronger rules or other modes', () => {
    const activated = { conversation: { toolSearchActivated: true } };
    expect(decideToolSearch(policyInput({ ...activated, env: { ENABLE_TOOL_SEARCH: 'false' } })).reason).toBe('env-false');
    expect(decideToolSearch(policyInput({ ...activated, env: { ENABLE_TOOL_SEARCH: 'auto' }, hipaa: true })).reason).toBe('hipaa');
    expect(decideToolSearch(policyInput(activated)).reason).toBe('default-on');
  });

  it('prefers auto-threshold-reached over auto-sticky when both hold', () => {
    const input = policyInput({ env: { ENABLE_TOOL_SEARCH: 'auto' }, conversation: { toolSearchActivated: true } }, 30_000);
    expect(decideToolSearch(input).reason).toBe('auto-threshold-reached');
  });
});

describe('decideToolSearch: warnings', () => {
  it('invalid-env names the value and behaves as unset', () => {
    const decision = decideToolSearch(policyInput({ env: { ENABLE_TOOL_SEARCH: 'maybe' } }));
    expect(decision).toMatchObject({ reason: 'default-on', mode: 'unset' });
    expect(codes(decision)).toEqual(['invalid-env']);
    expect(warning(decision, 'invalid-env')).toContain('"maybe"');
  });

  it('unknown-model names the id and treats it as supported', () => {
    const decision = decideToolSearch(policyInput({ model: 'gpt-4o', provider: 'agent-platform' }));
    expect(decision.reason).toBe('default-on');
    expect(codes(decision)).toEqual(['unknown-model']);
    expect(warning(decision, 'unknown-model')).toContain('"gpt-4o"');
  });

  it('invalid-sdk-version names the value and uses the newest behaviour', () => {
    const decision = decideToolSearch(policyInput({ sdkVersion: 'two', env: { ANTHROPIC_BASE_URL: GATEWAY } }));
    expect(decision.reason).toBe('default-on');
    expect(codes(decision)).toEqual(['invalid-sdk-version']);
    expect(warning(decision, 'invalid-sdk-version')).toContain('"two"');
  });

  it('invalid-base-url names the value', () => {
    const decision = decideToolSearch(policyInput({ env: { ANTHROPIC_BASE_URL: 'not a url' } }));
    expect(warning(decision, 'invalid-base-url')).toContain('"not a url"');
  });

  it('invalid-provider falls back to anthropic', () => {
    const decision = decideToolSearch(policyInput({ provider: 'azure' as never }));
    expect(decision.reason).toBe('default-on');
    expect(warning(decision, 'invalid-provider')).toContain('"azure"');
  });

  it.each([Number.NaN, -1, 0, Number.POSITIVE_INFINITY, 2 ** 60, '200000' as unknown as number])(
    'invalid-context-window for %s falls back to the model window',
    (contextWindow) => {
      const decision = decideToolSearch(policyInput({ contextWindow, env: { ENABLE_TOOL_SEARCH: 'auto' } }, 20_000));
      expect(decision).toMatchObject({ contextWindow: 200_000, thresholdTokens: 20_000, reason: 'auto-threshold-reached' });
      expect(codes(decision)).toEqual(['invalid-context-window']);
    },
  );

  it('invalid-tool for skipped tools, which are not listed', () => {
    const decision = decideToolSearch({
      model: SONNET_4_5,
      tools: [
        { name: 'ok', server: 's', tokens: 1 },
        { name: '', server: 's' },
        { name: 'ok', server: 's', tokens: 2 },
        { name: 'bad', tokens: -3 },
      ],
    });
    expect(decision.deferred).toEqual(['mcp__s__ok']);
    expect(decision.upfront).toEqual([]);
    expect(codes(decision)).toEqual(['invalid-tool', 'invalid-tool', 'invalid-tool']);
    expect(decision.deferrableTokens).toBe(1);
  });

  it('invalid-server for malformed server settings', () => {
    const decision = decideToolSearch({
      model: SONNET_4_5,
      servers: { s: { alwaysLoad: 'yes' as never } },
      tools: [{ name: 'x', server: 's', tokens: 1 }],
    });
    expect(codes(decision)).toEqual(['invalid-server']);
    expect(decision.deferred).toEqual(['mcp__s__x']);
  });

  it('invalid-mod for a malformed or repeated declarative mod, which is skipped', () => {
    const decision = decideToolSearch({
      model: SONNET_4_5,
      tools: [{ name: 'x', server: 's', tokens: 1 }],
      mods: [
        { plugin: '', rules: [] },
        { plugin: 'pin', rules: [{ tool: 'x', isDeferred: false }] },
        { plugin: 'pin', rules: [{ tool: 'x', isDeferred: true }] },
      ],
    });
    expect(codes(decision)).toEqual(['invalid-mod', 'invalid-mod']);
    expect(decision.upfront).toEqual(['mcp__s__x']);
  });

  it('mod-ignored-core names the mod and the tool; the core tool stays upfront and uncounted', () => {
    const decision = decideToolSearch({
      model: SONNET_4_5,
      env: { ENABLE_TOOL_SEARCH: 'auto' },
      tools: [{ name: 'Bash', kind: 'core', tokens: 50_000 }],
      mods: [{ plugin: 'defer-everything', rules: [{ isDeferred: true }] }],
    });
    expect(decision).toMatchObject({ upfront: ['Bash'], deferred: [], deferrableTokens: 0 });
    expect(codes(decision)).toEqual(['mod-ignored-core']);
    expect(warning(decision, 'mod-ignored-core')).toMatch(/"defer-everything".*"Bash"/);
  });

  it('mod-failed names the mod and the tool; the tool keeps the answer from beneath', () => {
    const broken: Mod = {
      name: 'broken',
      hooks: {
        'tool.describe': () => {
          throw new Error('boom');
        },
      },
    };
    const decision = decideToolSearch(policyInput(), { mods: [broken] });
    expect(decision.deferred).toEqual(['mcp__github__list_issues', 'mcp__github__create_issue']);
    expect(codes(decision)).toEqual(['mod-failed', 'mod-failed', 'mod-failed', 'mod-failed']);
    expect(decision.warnings[2]?.message).toMatch(/"broken".*"mcp__github__list_issues".*boom/);
  });

  it('too-many-tools: more than 10,000 tools are planned anyway', () => {
    const tools = Array.from({ length: 10_001 }, (_, index) => ({ name: `tool_${index}`, server: 'big', tokens: 1 }));
    const decision = decideToolSearch({ model: SONNET_4_5, tools });
    expect(codes(decision)).toEqual(['too-many-tools']);
    expect(decision.deferred).toHaveLength(10_001);
  });

  it('orders warnings: settings, then tools and mods, then rules', () => {
    const decision = decideToolSearch({
      model: 'mystery',
      provider: 'bedrock',
      env: { ENABLE_TOOL_SEARCH: '??', CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' },
      managedSettings: { keepToolSearchOn: true },
      tools: [{ name: '' }],
    });
    expect(codes(decision)).toEqual(['unknown-model', 'invalid-env', 'invalid-tool', 'managed-override-ignored']);
  });
});

describe('decideToolSearch: robustness', () => {
  it('never throws on odd values of a PolicyInput', () => {
    const odd: PolicyInput[] = [
      { model: '' },
      { model: '\u0000\uffff[1m]' },
      { model: 'x'.repeat(100_000) },
      { model: SONNET_4_5, env: { ENABLE_TOOL_SEARCH: undefined, ANTHROPIC_BASE_URL: 'http://[' } },
      { model: SONNET_4_5, contextWindow: -0, sdkVersion: '' },
      { model: SONNET_4_5, tools: [{ name: 'x', tokens: Number.NaN }, { name: 'y', tokens: 1e300 }] },
      { model: SONNET_4_5, env: { ENABLE_TOOL_SEARCH: 'auto' }, contextWindow: Number.MIN_VALUE },
    ];
    for (const input of odd) expect(() => decideToolSearch(input)).not.toThrow();
  });

  it('counts a tool whose schema has a cycle without it, with a warning', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema['self'] = schema;
    const decision = decideToolSearch({ model: SONNET_4_5, tools: [{ name: 'loop', inputSchema: schema as never }] });
    expect(codes(decision)).toEqual(['invalid-tool']);
    expect(decision.deferred).toEqual(['loop']);
    expect(decision.deferrableTokens).toBeGreaterThan(0);
  });

  it('lists core tools upfront whether tool search is on or off', () => {
    for (const env of [{}, { ENABLE_TOOL_SEARCH: 'false' }]) {
      const decision = decideToolSearch({ model: SONNET_4_5, env, tools: [...CORE_TOOLS] });
      expect(decision).toMatchObject({ upfront: ['Bash', 'Read'], deferred: [], deferrableTokens: 0 });
    }
  });
});
