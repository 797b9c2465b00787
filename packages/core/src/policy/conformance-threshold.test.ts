import { describe, expect, it } from 'vitest';
import type { ToolInput } from '../catalog/index.js';
import type { DeclarativeMod } from '../mods/index.js';
import { decideToolSearch } from './index.js';
import type { PolicyInput, ToolSearchDecision } from './index.js';

// Independent conformance checks of the `auto` threshold and of what it
// counts (tool-search-behavior.md §4, §5.1 and §5.3).

const MODEL = 'claude-sonnet-4-5-20250929';

function autoWith(value: string, deferrable: number, overrides: Partial<PolicyInput> = {}): ToolSearchDecision {
  return decideToolSearch({
    model: MODEL,
    env: { ENABLE_TOOL_SEARCH: value },
    tools: [
      { name: 'Edit', kind: 'core', tokens: 90_000 },
      { name: 'query', server: 'db', tokens: deferrable },
    ],
    ...overrides,
  });
}

describe('conformance: exactly N% reaches the threshold, one token below does not', () => {
  const cases: [string, number, number][] = [
    ['auto', 200_000, 20_000],
    ['auto:1', 200_000, 2_000],
    ['auto:5', 200_000, 10_000],
    ['auto:7', 200_000, 14_000],
    ['auto:25', 200_000, 50_000],
    ['auto:100', 200_000, 200_000],
    ['auto', 128_000, 12_800],
    ['auto:3', 1_000_000, 30_000],
  ];

  it.each(cases)('%s of %i tokens: %i', (value, contextWindow, threshold) => {
    const at = autoWith(value, threshold, { contextWindow });
    expect(at).toMatchObject({ reason: 'auto-threshold-reached', toolSearch: 'on', thresholdTokens: threshold, deferred: ['mcp__db__query'] });
    const below = autoWith(value, threshold - 1, { contextWindow });
    expect(below).toMatchObject({ reason: 'auto-below-threshold', toolSearch: 'off', thresholdTokens: threshold, deferred: [] });
    expect(autoWith(value, threshold + 1, { contextWindow }).reason).toBe('auto-threshold-reached');
  });

  it('plain auto is 10%', () => {
    expect(autoWith('auto', 1)).toMatchObject({ thresholdPercent: 10, thresholdTokens: 20_000, contextWindow: 200_000 });
  });

  it('rounds a fractional N% up to whole tokens', () => {
    expect(autoWith('auto', 1_235, { contextWindow: 12_345 })).toMatchObject({ thresholdTokens: 1_235, reason: 'auto-threshold-reached' });
    expect(autoWith('auto', 1_234, { contextWindow: 12_345 }).reason).toBe('auto-below-threshold');
  });

  it('reports no threshold outside auto', () => {
    for (const value of ['true', 'false', 'bogus']) {
      expect(autoWith(value, 1)).toMatchObject({ thresholdPercent: null, thresholdTokens: null });
    }
  });
});

describe('conformance: the context window behind the threshold', () => {
  it('is 200,000 for Claude models', () => {
    expect(autoWith('auto', 19_999)).toMatchObject({ contextWindow: 200_000, reason: 'auto-below-threshold' });
  });

  it('is 1,000,000 for [1m] ids, so the same tokens no longer reach 10%', () => {
    const oneMillion = { model: `${MODEL}[1m]` };
    expect(autoWith('auto', 20_000, oneMillion)).toMatchObject({
      contextWindow: 1_000_000,
      thresholdTokens: 100_000,
      reason: 'auto-below-threshold',
    });
    expect(autoWith('auto', 99_999, oneMillion).reason).toBe('auto-below-threshold');
    expect(autoWith('auto', 100_000, oneMillion).reason).toBe('auto-threshold-reached');
    expect(autoWith('auto:5', 50_000, { model: 'claude-opus-4-6[1m]' })).toMatchObject({ thresholdTokens: 50_000, reason: 'auto-threshold-reached' });
    expect(autoWith('auto', 1, { model: 'sonnet[1m]' }).contextWindow).toBe(1_000_000);
  });

  it('is the explicit contextWindow when given, over the model own window', () => {
    expect(autoWith('auto', 20_000, { model: `${MODEL}[1m]`, contextWindow: 200_000 })).toMatchObject({
      contextWindow: 200_000,
      thresholdTokens: 20_000,
      reason: 'auto-threshold-reached',
    });
    expect(autoWith('auto', 20_000, { contextWindow: 1_000_000 })).toMatchObject({ thresholdTokens: 100_000, reason: 'auto-below-threshold' });
    expect(autoWith('auto:5', 6_400, { contextWindow: 128_000 })).toMatchObject({ thresholdTokens: 6_400, reason: 'auto-threshold-reached' });
  });
});

describe('conformance: which definitions auto counts', () => {
  const mixed: ToolInput[] = [
    { name: 'Bash', kind: 'core', tokens: 100_000 },
    { name: 'Read', kind: 'core', server: 'ignored', tokens: 100_000 },
    { name: 'WebFetch', kind: 'builtin', tokens: 3 },
    { name: 'list_events', server: 'calendar', tokens: 100_000 },
    { name: 'pinned_flag', server: 'tracker', alwaysLoad: true, tokens: 100_000 },
    { name: 'pinned_meta', server: 'tracker', _meta: { 'anthropic/alwaysLoad': true }, tokens: 100_000 },
    { name: 'not_pinned_meta', server: 'tracker', _meta: { 'anthropic/alwaysLoad': false }, tokens: 50 },
    { name: 'create_issue', server: 'tracker', kind: 'mcp', tokens: 700 },
    { name: 'local_tool', tokens: 10_000 },
  ];
  const servers = { calendar: { alwaysLoad: true }, tracker: { alwaysLoad: false } };
  const counted = 3 + 50 + 700 + 10_000;

  it('excludes core tools and alwaysLoad tools (server- and tool-level), includes builtin and mcp', () => {
    const decision = decideToolSearch({ model: MODEL, servers, tools: mixed });
    expect(decision.deferrableTokens).toBe(counted);
    expect([...decision.deferred].sort()).toEqual(['WebFetch', 'local_tool', 'mcp__tracker__create_issue', 'mcp__tracker__not_pinned_meta']);
    expect([...decision.upfront].sort()).toEqual([
      'Bash',
      'Read',
      'mcp__calendar__list_events',
      'mcp__tracker__pinned_flag',
      'mcp__tracker__pinned_meta',
    ]);
  });

  it('is computed whatever the decision', () => {
    const offs: Partial<PolicyInput>[] = [
      { hipaa: true },
      { provider: 'foundry' },
      { model: 'claude-3-opus-20240229' },
      { provider: 'agent-platform', model: 'claude-opus-4@20250514' },
      { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' } },
      { env: { ENABLE_TOOL_SEARCH: 'false' } },
      { env: { ENABLE_TOOL_SEARCH: 'auto' } },
      { provider: 'agent-platform', model: 'claude-opus-4-5@20251101', sdkVersion: '2.1.1' },
      { env: { ANTHROPIC_BASE_URL: 'https://gw.example' }, sdkVersion: '2.1.1' },
    ];
    for (const overrides of offs) {
      const decision = decideToolSearch({ model: MODEL, servers, tools: mixed, ...overrides });
      expect(decision.toolSearch).toBe('off');
      expect(decision.deferrableTokens).toBe(counted);
    }
  });

  it('counts definitions without a token count with the tokenizer, after mods rewrote them', () => {
    const tool: ToolInput = { name: 'send_message', server: 'chat', description: 'Send a message.', inputSchema: { type: 'object' } };
    const plain = decideToolSearch({ model: MODEL, tools: [tool] });
    expect(plain.deferrableTokens).toBeGreaterThan(0);
    const longer: DeclarativeMod = {
      plugin: 'verbose',
      rules: [{ tool: 'send_message', description: 'Send a message to a channel, a thread or a person. '.repeat(20) }],
    };
    const rewritten = decideToolSearch({ model: MODEL, tools: [tool], mods: [longer] });
    expect(rewritten.deferrableTokens).toBeGreaterThan(plain.deferrableTokens);
  });
});

describe('conformance: mods change what auto counts', () => {
  const tools: ToolInput[] = [
    { name: 'Bash', kind: 'core', tokens: 5_000 },
    { name: 'search', server: 'wiki', tokens: 15_000 },
    { name: 'edit', server: 'wiki', tokens: 4_000, _meta: { 'anthropic/alwaysLoad': true } },
    { name: 'deploy', server: 'ops', tokens: 1_000 },
  ];
  const servers = { ops: { alwaysLoad: true } };
  const base: PolicyInput = { model: MODEL, env: { ENABLE_TOOL_SEARCH: 'auto' }, servers, tools };

  it('without mods, the alwaysLoad tools are not counted', () => {
    expect(decideToolSearch(base)).toMatchObject({ deferrableTokens: 15_000, reason: 'auto-below-threshold' });
  });

  it('a mod deferring a tool-level alwaysLoad tool makes it count and defers it', () => {
    const mods: DeclarativeMod[] = [{ plugin: 'defer-edit', rules: [{ server: 'wiki', tool: 'edit', isDeferred: true }] }];
    const decision = decideToolSearch({ ...base, mods });
    expect(decision).toMatchObject({ deferrableTokens: 19_000, reason: 'auto-below-threshold' });
    const reached = decideToolSearch({ ...base, mods: [...mods, { plugin: 'defer-ops', rules: [{ server: 'ops', isDeferred: true }] }] });
    expect(reached).toMatchObject({ deferrableTokens: 20_000, reason: 'auto-threshold-reached', toolSearch: 'on' });
    expect([...reached.deferred].sort()).toEqual(['mcp__ops__deploy', 'mcp__wiki__edit', 'mcp__wiki__search']);
    expect(reached.upfront).toEqual(['Bash']);
  });

  it('a mod pinning a deferrable tool makes it not count and keeps it upfront when on', () => {
    const mods: DeclarativeMod[] = [{ plugin: 'pin-search', rules: [{ tool: 'sea*', isDeferred: false }] }];
    const decision = decideToolSearch({ ...base, env: { ENABLE_TOOL_SEARCH: 'true' }, mods });
    expect(decision).toMatchObject({ deferrableTokens: 0, reason: 'env-true', deferred: [] });
    expect([...decision.upfront].sort()).toEqual(['Bash', 'mcp__ops__deploy', 'mcp__wiki__edit', 'mcp__wiki__search']);
  });

  it('the last mod that matches a tool decides', () => {
    const pin: DeclarativeMod = { plugin: 'pin', rules: [{ server: 'wiki', tool: 'search', isDeferred: false }] };
    const defer: DeclarativeMod = { plugin: 'defer', rules: [{ server: 'wiki', isDeferred: true }] };
    expect(decideToolSearch({ ...base, mods: [pin, defer] }).deferrableTokens).toBe(19_000);
    expect(decideToolSearch({ ...base, mods: [defer, pin] }).deferrableTokens).toBe(4_000);
  });

  it('a mod cannot move a core built-in: mod-ignored-core, still upfront and uncounted', () => {
    const decision = decideToolSearch({ ...base, mods: [{ plugin: 'defer-all', rules: [{ isDeferred: true }] }] });
    expect(decision.deferrableTokens).toBe(20_000);
    expect(decision.upfront).toEqual(['Bash']);
    const ignored = decision.warnings.filter((warning) => warning.code === 'mod-ignored-core');
    expect(ignored).toHaveLength(1);
    expect(ignored[0]?.message).toContain('Bash');
  });
});
