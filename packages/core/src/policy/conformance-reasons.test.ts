import { describe, expect, it } from 'vitest';
import { decideToolSearch } from './index.js';
import type { PolicyInput, ReasonCode, ToolSearchDecision } from './index.js';

// Independent conformance checks of the reason-code table and the order of
// the rules (policy-contract.md, tool-search-behavior.md §5.2).

const MODEL = 'claude-sonnet-4-5-20250929';
const PLATFORM_MODEL = 'claude-sonnet-4-5@20250929';
const GATEWAY = 'https://llm-proxy.corp.example/anthropic';
const DEFERRABLE_NAME = 'mcp__docs__search_docs';

type Overrides = Partial<PolicyInput>;

/** One core tool (never counted) and one MCP tool of `deferrable` tokens. */
function input(overrides: Overrides = {}, deferrable = 1_000): PolicyInput {
  return {
    model: MODEL,
    tools: [
      { name: 'Bash', kind: 'core', tokens: 40_000 },
      { name: 'search_docs', server: 'docs', tokens: deferrable },
    ],
    ...overrides,
  };
}

function decide(overrides: Overrides = {}, deferrable = 1_000): ToolSearchDecision {
  return decideToolSearch(input(overrides, deferrable));
}

function warningCodes(decision: ToolSearchDecision): string[] {
  return decision.warnings.map((warning) => warning.code);
}

const ON_REASONS: readonly ReasonCode[] = ['default-on', 'env-true', 'auto-threshold-reached', 'auto-sticky'];

describe('conformance: every row of the reason-code table', () => {
  const rows: [ReasonCode, Overrides, number][] = [
    ['hipaa', { hipaa: true }, 1_000],
    ['provider-rejects', { provider: 'foundry' }, 1_000],
    ['model-unsupported', { model: 'claude-3-7-sonnet-20250219' }, 1_000],
    ['platform-model-unsupported', { provider: 'agent-platform', model: 'claude-opus-4-1@20250805' }, 1_000],
    ['betas-disabled', { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' } }, 1_000],
    ['env-false', { env: { ENABLE_TOOL_SEARCH: 'false' } }, 1_000],
    ['platform-legacy-default-off', { provider: 'agent-platform', model: PLATFORM_MODEL, sdkVersion: '2.1.220' }, 1_000],
    ['gateway-legacy-default-off', { env: { ANTHROPIC_BASE_URL: GATEWAY }, sdkVersion: '2.1.303' }, 1_000],
    ['default-on', {}, 1_000],
    ['env-true', { env: { ENABLE_TOOL_SEARCH: 'true' } }, 1_000],
    ['auto-threshold-reached', { env: { ENABLE_TOOL_SEARCH: 'auto' } }, 20_000],
    ['auto-sticky', { env: { ENABLE_TOOL_SEARCH: 'auto' }, conversation: { toolSearchActivated: true } }, 19_999],
    ['auto-below-threshold', { env: { ENABLE_TOOL_SEARCH: 'auto' } }, 19_999],
  ];

  it('covers all thirteen codes', () => {
    expect(new Set(rows.map(([reason]) => reason)).size).toBe(13);
  });

  it.each(rows)('%s', (reason, overrides, deferrable) => {
    const decision = decide(overrides, deferrable);
    const on = ON_REASONS.includes(reason);
    expect(decision.reason).toBe(reason);
    expect(decision.toolSearch).toBe(on ? 'on' : 'off');
    expect(decision.deferred).toEqual(on ? [DEFERRABLE_NAME] : []);
    expect([...decision.upfront].sort()).toEqual(on ? ['Bash'] : ['Bash', DEFERRABLE_NAME]);
    expect(decision.deferrableTokens).toBe(deferrable);
  });
});

describe('conformance: the stronger rule wins when several apply', () => {
  const cases: [string, Overrides, ReasonCode][] = [
    [
      'HIPAA + foundry + unsupported model + ENABLE_TOOL_SEARCH=true',
      { hipaa: true, provider: 'foundry', model: 'claude-3-haiku-20240307', env: { ENABLE_TOOL_SEARCH: 'true' } },
      'hipaa',
    ],
    [
      'HIPAA + managed override + ENABLE_TOOL_SEARCH=true',
      { hipaa: true, managedSettings: { keepToolSearchOn: true }, env: { ENABLE_TOOL_SEARCH: 'true' } },
      'hipaa',
    ],
    [
      'foundry + unsupported model + ENABLE_TOOL_SEARCH=true',
      { provider: 'foundry', model: 'claude-3-haiku-20240307', env: { ENABLE_TOOL_SEARCH: 'true' } },
      'provider-rejects',
    ],
    [
      'foundry + auto threshold reached',
      { provider: 'foundry', env: { ENABLE_TOOL_SEARCH: 'auto' } },
      'provider-rejects',
    ],
    [
      'unsupported model + betas disabled + ENABLE_TOOL_SEARCH=true',
      { model: 'claude-2.1', env: { ENABLE_TOOL_SEARCH: 'true', CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' } },
      'model-unsupported',
    ],
    [
      'unsupported model + ENABLE_TOOL_SEARCH=false',
      { model: 'claude-3-5-haiku-20241022', env: { ENABLE_TOOL_SEARCH: 'false' } },
      'model-unsupported',
    ],
    [
      'agent-platform Sonnet 4 + betas disabled + ENABLE_TOOL_SEARCH=true',
      {
        provider: 'agent-platform',
        model: 'claude-sonnet-4@20250514',
        env: { ENABLE_TOOL_SEARCH: 'true', CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' },
      },
      'platform-model-unsupported',
    ],
    [
      'agent-platform Opus 4.1 + SDK before 2.1.221, variable unset',
      { provider: 'agent-platform', model: 'claude-opus-4-1@20250805', sdkVersion: '2.1.100' },
      'platform-model-unsupported',
    ],
    [
      'betas disabled + ENABLE_TOOL_SEARCH=false',
      { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1', ENABLE_TOOL_SEARCH: 'false' } },
      'betas-disabled',
    ],
    [
      'betas disabled + ENABLE_TOOL_SEARCH=true',
      { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: 'true', ENABLE_TOOL_SEARCH: 'true' } },
      'betas-disabled',
    ],
    [
      'betas disabled + gateway before 2.1.304',
      { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1', ANTHROPIC_BASE_URL: GATEWAY }, sdkVersion: '2.1.300' },
      'betas-disabled',
    ],
    [
      'betas disabled, kept on by the managed override, + ENABLE_TOOL_SEARCH=false',
      { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1', ENABLE_TOOL_SEARCH: 'false' }, managedSettings: { keepToolSearchOn: true } },
      'env-false',
    ],
    [
      'ENABLE_TOOL_SEARCH=false on agent-platform before 2.1.221',
      { provider: 'agent-platform', model: PLATFORM_MODEL, sdkVersion: '2.1.220', env: { ENABLE_TOOL_SEARCH: 'false' } },
      'env-false',
    ],
    [
      'ENABLE_TOOL_SEARCH=false behind a gateway before 2.1.304',
      { sdkVersion: '2.1.303', env: { ENABLE_TOOL_SEARCH: 'false', ANTHROPIC_BASE_URL: GATEWAY } },
      'env-false',
    ],
    [
      'ENABLE_TOOL_SEARCH=false with an earlier activation in the conversation',
      { env: { ENABLE_TOOL_SEARCH: 'FALSE' }, conversation: { toolSearchActivated: true } },
      'env-false',
    ],
    [
      'HIPAA with an earlier activation in the conversation',
      { hipaa: true, env: { ENABLE_TOOL_SEARCH: 'auto' }, conversation: { toolSearchActivated: true } },
      'hipaa',
    ],
  ];

  it.each(cases)('%s', (_, overrides, reason) => {
    const decision = decide(overrides, 25_000);
    expect(decision.reason).toBe(reason);
    expect(decision.toolSearch).toBe('off');
    expect(decision.deferred).toEqual([]);
  });
});

describe('conformance: Agent Platform legacy default (before 2.1.221)', () => {
  const platform = (sdkVersion: string | undefined, value: string | undefined, deferrable = 1_000): ToolSearchDecision =>
    decide(
      {
        provider: 'agent-platform',
        model: PLATFORM_MODEL,
        ...(sdkVersion === undefined ? {} : { sdkVersion }),
        ...(value === undefined ? {} : { env: { ENABLE_TOOL_SEARCH: value } }),
      },
      deferrable,
    );

  it('is off when the variable is unset', () => {
    expect(platform('2.1.220', undefined).reason).toBe('platform-legacy-default-off');
    expect(platform('2.0.0', undefined).reason).toBe('platform-legacy-default-off');
  });

  it('is off when the variable is invalid (read as unset), with an invalid-env warning', () => {
    const decision = platform('2.1.220', 'yes');
    expect(decision).toMatchObject({ reason: 'platform-legacy-default-off', toolSearch: 'off', mode: 'unset' });
    expect(warningCodes(decision)).toContain('invalid-env');
  });

  it('follows ENABLE_TOOL_SEARCH=auto when it is set', () => {
    expect(platform('2.1.220', 'auto', 19_999).reason).toBe('auto-below-threshold');
    expect(platform('2.1.220', 'auto', 20_000).reason).toBe('auto-threshold-reached');
    expect(platform('2.1.220', 'auto:3', 6_000).reason).toBe('auto-threshold-reached');
  });

  it('follows ENABLE_TOOL_SEARCH=true and false when set', () => {
    expect(platform('2.1.220', 'true').reason).toBe('env-true');
    expect(platform('2.1.220', 'false').reason).toBe('env-false');
  });

  it('is on by default from 2.1.221 on, and for the newest SDK', () => {
    expect(platform('2.1.221', undefined).reason).toBe('default-on');
    expect(platform('2.2.0', undefined).reason).toBe('default-on');
    expect(platform(undefined, undefined).reason).toBe('default-on');
    expect(platform('2.1.221', 'yes').reason).toBe('default-on');
  });

  it('concerns Agent Platform only', () => {
    for (const provider of ['anthropic', 'bedrock'] as const) {
      expect(decide({ provider, sdkVersion: '2.1.100' }).reason).toBe('default-on');
    }
  });
});

describe('conformance: LLM gateway legacy default (before 2.1.304)', () => {
  const gateway = (sdkVersion: string | undefined, value: string | undefined, deferrable = 1_000): ToolSearchDecision =>
    decide(
      {
        ...(sdkVersion === undefined ? {} : { sdkVersion }),
        env: { ANTHROPIC_BASE_URL: GATEWAY, ...(value === undefined ? {} : { ENABLE_TOOL_SEARCH: value }) },
      },
      deferrable,
    );

  const before: [string | undefined, number, ReasonCode][] = [
    ['true', 1_000, 'env-true'],
    ['auto', 19_999, 'auto-below-threshold'],
    ['auto', 20_000, 'auto-threshold-reached'],
    ['auto:7', 13_999, 'auto-below-threshold'],
    ['auto:7', 14_000, 'auto-threshold-reached'],
    ['false', 1_000, 'env-false'],
    [undefined, 1_000, 'gateway-legacy-default-off'],
    ['yes', 1_000, 'gateway-legacy-default-off'],
    ['auto:150', 1_000, 'gateway-legacy-default-off'],
  ];

  it.each(before)('SDK 2.1.303, ENABLE_TOOL_SEARCH=%s (%i deferrable tokens): %s', (value, deferrable, reason) => {
    expect(gateway('2.1.303', value, deferrable).reason).toBe(reason);
  });

  it('warns about an invalid value behind the gateway', () => {
    expect(warningCodes(gateway('2.1.303', 'yes'))).toContain('invalid-env');
  });

  const atOrAfter: [string | undefined, string | undefined, ReasonCode][] = [
    ['2.1.304', undefined, 'default-on'],
    ['2.1.304', 'yes', 'default-on'],
    ['2.1.304', 'true', 'env-true'],
    ['2.1.304', 'false', 'env-false'],
    ['2.1.305', undefined, 'default-on'],
    ['2.2.0', undefined, 'default-on'],
    [undefined, undefined, 'default-on'],
  ];

  it.each(atOrAfter)('SDK %s, ENABLE_TOOL_SEARCH=%s: %s', (sdkVersion, value, reason) => {
    expect(gateway(sdkVersion, value).reason).toBe(reason);
  });

  it('needs a host other than the first-party API', () => {
    for (const url of ['https://api.anthropic.com', 'https://api.anthropic.com/v1/', 'HTTPS://API.ANTHROPIC.COM']) {
      expect(decide({ sdkVersion: '2.1.200', env: { ANTHROPIC_BASE_URL: url } }).reason).toBe('default-on');
    }
    expect(decide({ sdkVersion: '2.1.200' }).reason).toBe('default-on');
    expect(decide({ sdkVersion: '2.1.200', env: { ANTHROPIC_BASE_URL: 'http://localhost:8080' } }).reason).toBe(
      'gateway-legacy-default-off',
    );
  });
});

describe('conformance: the managed override of CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS', () => {
  const betas = { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' };
  const keep = { managedSettings: { keepToolSearchOn: true } };

  it('has no effect before 2.1.227', () => {
    for (const sdkVersion of ['2.1.226', '2.1.0', '1.9.999']) {
      const decision = decide({ ...keep, env: betas, sdkVersion });
      expect(decision).toMatchObject({ reason: 'betas-disabled', toolSearch: 'off' });
    }
  });

  it('keeps tool search on at exactly 2.1.227, later, and for the newest SDK', () => {
    for (const sdkVersion of ['2.1.227', '2.1.228', '3.0.0', undefined]) {
      const decision = decide({ ...keep, env: betas, ...(sdkVersion === undefined ? {} : { sdkVersion }) });
      expect(decision).toMatchObject({ reason: 'default-on', toolSearch: 'on' });
    }
  });

  it('lets the other rules apply as usual once it takes effect', () => {
    expect(decide({ ...keep, env: { ...betas, ENABLE_TOOL_SEARCH: 'true' } }).reason).toBe('env-true');
    expect(decide({ ...keep, env: { ...betas, ENABLE_TOOL_SEARCH: 'auto' } }, 19_999).reason).toBe('auto-below-threshold');
    expect(decide({ ...keep, env: { ...betas, ENABLE_TOOL_SEARCH: 'auto' } }, 20_000).reason).toBe('auto-threshold-reached');
    expect(decide({ ...keep, env: { ...betas, ANTHROPIC_BASE_URL: GATEWAY }, sdkVersion: '2.1.250' }).reason).toBe(
      'gateway-legacy-default-off',
    );
  });

  it('has no effect on Bedrock or Agent Platform, whatever the SDK version', () => {
    for (const provider of ['bedrock', 'agent-platform'] as const) {
      for (const sdkVersion of ['2.1.227', '2.1.400', undefined]) {
        const decision = decide({
          ...keep,
          provider,
          model: 'claude-opus-4-5',
          env: betas,
          ...(sdkVersion === undefined ? {} : { sdkVersion }),
        });
        expect(decision).toMatchObject({ reason: 'betas-disabled', toolSearch: 'off' });
      }
    }
  });

  it('needs keepToolSearchOn to be true', () => {
    expect(decide({ env: betas }).reason).toBe('betas-disabled');
    expect(decide({ env: betas, managedSettings: {} }).reason).toBe('betas-disabled');
    expect(decide({ env: betas, managedSettings: { keepToolSearchOn: false } }).reason).toBe('betas-disabled');
  });

  it('changes nothing when the betas variable is not set', () => {
    expect(decide({ ...keep, env: { ENABLE_TOOL_SEARCH: 'false' } }).reason).toBe('env-false');
    expect(decide({ ...keep, provider: 'bedrock' }).reason).toBe('default-on');
  });
});

describe('conformance: auto stickiness', () => {
  const activated = { conversation: { toolSearchActivated: true } };

  it('stays on below the threshold once on in this conversation', () => {
    const decision = decide({ ...activated, env: { ENABLE_TOOL_SEARCH: 'auto:5' } }, 10);
    expect(decision).toMatchObject({ reason: 'auto-sticky', toolSearch: 'on', deferred: [DEFERRABLE_NAME] });
  });

  it('reports auto-threshold-reached when the threshold is reached anyway', () => {
    expect(decide({ ...activated, env: { ENABLE_TOOL_SEARCH: 'auto' } }, 20_000).reason).toBe('auto-threshold-reached');
  });

  it('applies to auto modes only', () => {
    expect(decide(activated).reason).toBe('default-on');
    expect(decide({ ...activated, env: { ENABLE_TOOL_SEARCH: 'true' } }).reason).toBe('env-true');
  });

  it('does not hold without an earlier activation', () => {
    expect(decide({ conversation: { toolSearchActivated: false }, env: { ENABLE_TOOL_SEARCH: 'auto' } }, 10).reason).toBe(
      'auto-below-threshold',
    );
  });
});

describe('conformance: trace, one line per rule consulted, in order', () => {
  const RULES: RegExp[] = [
    /hipaa/i,
    /provider|foundry/i,
    /model/i,
    /beta/i,
    /ENABLE_TOOL_SEARCH|false/i,
    /agent-platform|platform/i,
    /gateway|ANTHROPIC_BASE_URL/i,
    /ENABLE_TOOL_SEARCH|auto|default|mode/i,
  ];

  const stops: [ReasonCode, Overrides, number][] = [
    ['hipaa', { hipaa: true }, 1],
    ['provider-rejects', { provider: 'foundry' }, 2],
    ['model-unsupported', { model: 'claude-instant-1.2' }, 3],
    ['platform-model-unsupported', { provider: 'agent-platform', model: 'claude-sonnet-4@20250514' }, 3],
    ['betas-disabled', { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' } }, 4],
    ['env-false', { env: { ENABLE_TOOL_SEARCH: 'false' } }, 5],
    ['platform-legacy-default-off', { provider: 'agent-platform', model: PLATFORM_MODEL, sdkVersion: '2.1.0' }, 6],
    ['gateway-legacy-default-off', { env: { ANTHROPIC_BASE_URL: GATEWAY }, sdkVersion: '2.1.0' }, 7],
    ['default-on', {}, 8],
    ['env-true', { env: { ENABLE_TOOL_SEARCH: 'true' } }, 8],
    ['auto-below-threshold', { env: { ENABLE_TOOL_SEARCH: 'auto' } }, 8],
  ];

  it.each(stops)('%s consults %i rule(s)', (reason, overrides, consulted) => {
    const decision = decide(overrides);
    expect(decision.reason).toBe(reason);
    expect(decision.trace).toHaveLength(consulted);
    decision.trace.forEach((line, index) => {
      expect(typeof line).toBe('string');
      expect(line.trim().length).toBeGreaterThan(0);
      expect(line).toMatch(RULES[index] as RegExp);
    });
  });
});
