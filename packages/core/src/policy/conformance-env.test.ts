import { describe, expect, it } from 'vitest';
import { decideToolSearch } from './index.js';
import type { PolicyInput, ReasonCode, ToolSearchDecision, ToolSearchMode } from './index.js';

// Independent conformance checks of how ENABLE_TOOL_SEARCH is read
// (tool-search-behavior.md §5.1): trimmed, case-insensitive; any other value
// warns `invalid-env` naming the value and behaves exactly as unset.

function decide(value: string | undefined, deferrable = 1_000, overrides: Partial<PolicyInput> = {}): ToolSearchDecision {
  return decideToolSearch({
    model: 'claude-opus-4-5-20251101',
    tools: [
      { name: 'Read', kind: 'core', tokens: 30_000 },
      { name: 'WebFetch', kind: 'builtin', tokens: deferrable - 1 },
      { name: 'create_page', server: 'wiki', tokens: 1 },
    ],
    ...(value === undefined ? {} : { env: { ENABLE_TOOL_SEARCH: value } }),
    ...overrides,
  });
}

function invalidEnvWarnings(decision: ToolSearchDecision): string[] {
  return decision.warnings.filter((warning) => warning.code === 'invalid-env').map((warning) => warning.message);
}

describe('conformance: recognised ENABLE_TOOL_SEARCH values, trimmed and case-insensitive', () => {
  const values: [string, ToolSearchMode, number | null, ReasonCode][] = [
    ['true', 'true', null, 'env-true'],
    ['TRUE', 'true', null, 'env-true'],
    [' True\t', 'true', null, 'env-true'],
    ['false', 'false', null, 'env-false'],
    ['FALSE', 'false', null, 'env-false'],
    ['\nFalse ', 'false', null, 'env-false'],
    ['auto', 'auto', 10, 'auto-below-threshold'],
    ['AUTO', 'auto', 10, 'auto-below-threshold'],
    ['  Auto  ', 'auto', 10, 'auto-below-threshold'],
    ['auto:5', 'auto', 5, 'auto-threshold-reached'],
    [' AUTO:5 ', 'auto', 5, 'auto-threshold-reached'],
    ['Auto:5', 'auto', 5, 'auto-threshold-reached'],
    ['auto:7', 'auto', 7, 'auto-threshold-reached'],
    ['auto:8', 'auto', 8, 'auto-below-threshold'],
    ['auto:100', 'auto', 100, 'auto-below-threshold'],
  ];

  it.each(values)('%j reads as %s (%s%%): %s', (value, mode, percent, reason) => {
    const decision = decide(value, 15_000);
    expect(decision).toMatchObject({ mode, thresholdPercent: percent, reason });
    expect(invalidEnvWarnings(decision)).toEqual([]);
  });

  it('auto:N sets the threshold to N% of the context window', () => {
    expect(decide(' AUTO:5 ')).toMatchObject({ thresholdPercent: 5, thresholdTokens: 10_000, contextWindow: 200_000 });
    expect(decide('auto')).toMatchObject({ thresholdPercent: 10, thresholdTokens: 20_000 });
  });
});

describe('conformance: invalid ENABLE_TOOL_SEARCH values', () => {
  const invalid = ['yes', 'auto:', 'auto:abc', 'auto:150', 'auto:-1', '1', 'on', 'enabled', 'auto:5%', 'auto 5', 'truefalse', 'AUTO:'];

  it.each(invalid)('%j warns invalid-env naming the value and behaves as unset', (value) => {
    const decision = decide(value, 15_000);
    const unset = decide(undefined, 15_000);
    const messages = invalidEnvWarnings(decision);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(value.trim());
    expect(decision).toMatchObject({ mode: 'unset', thresholdPercent: null, thresholdTokens: null });
    expect({ ...decision, warnings: [], trace: [] }).toEqual({ ...unset, warnings: [], trace: [] });
    expect(unset.warnings).toEqual([]);
  });

  it('names the value even when it is padded', () => {
    const [message] = invalidEnvWarnings(decide('  sure  '));
    expect(message).toContain('sure');
  });

  it('behaves as unset under the rules that look at "unset" (legacy defaults)', () => {
    const platform = decide('auto:abc', 1_000, { provider: 'agent-platform', model: 'claude-opus-4-5@20251101', sdkVersion: '2.1.200' });
    expect(platform.reason).toBe('platform-legacy-default-off');
    const gateway = decide('yes', 1_000, { sdkVersion: '2.1.200', env: { ENABLE_TOOL_SEARCH: 'yes', ANTHROPIC_BASE_URL: 'https://gw.example' } });
    expect(gateway.reason).toBe('gateway-legacy-default-off');
    expect(invalidEnvWarnings(gateway)).toHaveLength(1);
  });

  it('still warns when a stronger rule decides', () => {
    const decision = decide('auto:150', 1_000, { hipaa: true });
    expect(decision.reason).toBe('hipaa');
    expect(invalidEnvWarnings(decision)).toHaveLength(1);
  });
});
