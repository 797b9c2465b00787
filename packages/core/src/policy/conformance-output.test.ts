import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolInput } from '../catalog/index.js';
import { decideToolSearch } from './index.js';
import type { PolicyInput, Provider, ReasonCode, ToolSearchDecision } from './index.js';

// Independent conformance checks of the decision object (policy-contract.md,
// "Output"), including a differential property test against a small
// reference reading of the rules of tool-search-behavior.md §5.

const MODEL = 'claude-haiku-4-5-20251001';
const ON_REASONS: readonly ReasonCode[] = ['default-on', 'env-true', 'auto-threshold-reached', 'auto-sticky'];
const CONTRACT_WARNINGS = ['invalid-env', 'unknown-model', 'mod-ignored-core'];

const tools: ToolInput[] = [
  { name: 'Bash', kind: 'core', tokens: 10 },
  { name: 'WebFetch', kind: 'builtin', tokens: 20 },
  { name: 'create_issue', server: 'github', kind: 'mcp', tokens: 30 },
  { name: 'list_issues', server: 'github', tokens: 40 },
  { name: 'pinned', server: 'github', tokens: 50, _meta: { 'anthropic/alwaysLoad': true } },
  { name: 'standalone', tokens: 60 },
  { name: 'builtin_with_server', kind: 'builtin', server: 'github', tokens: 70 },
];
const ALL_NAMES = [
  'Bash',
  'WebFetch',
  'mcp__github__create_issue',
  'mcp__github__list_issues',
  'mcp__github__pinned',
  'standalone',
  'builtin_with_server',
];

function sorted(names: readonly string[]): string[] {
  return [...names].sort();
}

describe('conformance: the decision object', () => {
  it('is exported by the package entry point', async () => {
    const core = await import('../index.js');
    expect(core.decideToolSearch).toBe(decideToolSearch);
  });

  it('has every contract field with the contract types, and survives JSON', () => {
    const decision = decideToolSearch({ model: MODEL, env: { ENABLE_TOOL_SEARCH: 'auto:5' }, tools });
    expect(decision).toMatchObject({
      toolSearch: 'off',
      reason: 'auto-below-threshold',
      mode: 'auto',
      thresholdPercent: 5,
      thresholdTokens: 10_000,
      deferrableTokens: 20 + 30 + 40 + 60 + 70,
    });
    for (const key of ['deferred', 'upfront', 'warnings', 'trace'] as const) expect(Array.isArray(decision[key])).toBe(true);
    expect(JSON.parse(JSON.stringify(decision))).toEqual(decision);
  });

  it('names MCP tools with a server mcp__<server>__<name>, and every other tool by its name', () => {
    const decision = decideToolSearch({ model: MODEL, tools });
    expect(sorted([...decision.upfront, ...decision.deferred])).toEqual(sorted(ALL_NAMES));
    expect(decision.upfront).toEqual(expect.arrayContaining(['Bash', 'mcp__github__pinned']));
    expect(sorted(decision.deferred)).toEqual(
      sorted(['WebFetch', 'mcp__github__create_issue', 'mcp__github__list_issues', 'standalone', 'builtin_with_server']),
    );
  });

  it('lists every input tool exactly once, and never the search tool', () => {
    for (const env of [{}, { ENABLE_TOOL_SEARCH: 'false' }, { ENABLE_TOOL_SEARCH: 'auto:0' }]) {
      const decision = decideToolSearch({ model: MODEL, env, tools });
      const listed = [...decision.upfront, ...decision.deferred];
      expect(sorted(listed)).toEqual(sorted(ALL_NAMES));
      expect(listed.some((name) => /tool_search|ToolSearch/i.test(name))).toBe(false);
    }
  });

  it('has an empty deferred list whenever tool search is off', () => {
    const offs: Partial<PolicyInput>[] = [
      { hipaa: true },
      { provider: 'foundry' },
      { model: 'claude-3-5-haiku-20241022' },
      { env: { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' } },
      { env: { ENABLE_TOOL_SEARCH: 'false' } },
      { env: { ENABLE_TOOL_SEARCH: 'auto' } },
    ];
    for (const overrides of offs) {
      const decision = decideToolSearch({ model: MODEL, tools, ...overrides });
      expect(decision.toolSearch).toBe('off');
      expect(decision.deferred).toEqual([]);
      expect(sorted(decision.upfront)).toEqual(sorted(ALL_NAMES));
    }
  });

  it('lists no tools when there are none', () => {
    expect(decideToolSearch({ model: MODEL })).toMatchObject({ deferred: [], upfront: [], deferrableTokens: 0 });
  });

  it('gives warnings as { code, message } with a non-empty message', () => {
    const decision = decideToolSearch({
      model: 'gpt-4o',
      env: { ENABLE_TOOL_SEARCH: 'yes' },
      tools,
      mods: [{ plugin: 'move-core', rules: [{ tool: 'Bash', isDeferred: true }] }],
    });
    expect(decision.warnings.map((warning) => warning.code)).toEqual(expect.arrayContaining(CONTRACT_WARNINGS));
    for (const warning of decision.warnings) {
      expect(typeof warning.code).toBe('string');
      expect(typeof warning.message).toBe('string');
      expect(warning.message.trim().length).toBeGreaterThan(0);
    }
  });

  it('gives the trace as non-empty strings', () => {
    const decision = decideToolSearch({ model: MODEL, tools });
    expect(decision.trace.length).toBeGreaterThan(0);
    for (const line of decision.trace) expect(typeof line === 'string' && line.trim() !== '').toBe(true);
  });
});

// A reference reading of §5, kept deliberately separate from the implementation.

const SDK_VERSIONS = [undefined, '2.1.0', '2.1.220', '2.1.221', '2.1.226', '2.1.227', '2.1.303', '2.1.304', '2.2.0'] as const;
const ENV_VALUES = [undefined, 'true', ' TRUE ', 'false', 'False', 'auto', 'AUTO:5', ' auto:7 ', 'auto:0', 'yes', 'auto:', 'auto:150', 'auto:-1'] as const;
const MODELS = {
  'claude-sonnet-4-5-20250929': 'current',
  'claude-sonnet-4-5-20250929[1m]': 'current',
  'claude-opus-4-1-20250805': 'gen4',
  'claude-3-7-sonnet-20250219': 'old',
  'gpt-4o': 'unknown',
} as const;
const BASE_URLS = [undefined, 'https://api.anthropic.com', 'https://gateway.example.org'] as const;

function versionAtLeast(version: string | undefined, minimum: string): boolean {
  if (version === undefined) return true;
  const left = version.split('.').map(Number);
  const right = minimum.split('.').map(Number);
  for (let index = 0; index < 3; index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

function readMode(value: string | undefined): { mode: 'unset' | 'true' | 'false' | 'auto'; percent: number } {
  const text = value?.trim().toLowerCase();
  if (text === 'true' || text === 'false') return { mode: text, percent: 0 };
  if (text === 'auto') return { mode: 'auto', percent: 10 };
  const match = /^auto:(\d+)$/.exec(text ?? '');
  if (match !== null && Number(match[1]) <= 100) return { mode: 'auto', percent: Number(match[1]) };
  return { mode: 'unset', percent: 0 };
}

interface Scenario {
  provider: Provider;
  model: keyof typeof MODELS;
  value: (typeof ENV_VALUES)[number];
  betas: boolean;
  keep: boolean;
  hipaa: boolean;
  sdkVersion: (typeof SDK_VERSIONS)[number];
  baseUrl: (typeof BASE_URLS)[number];
  activated: boolean;
  contextWindow: number | undefined;
  /** `pinned`: tool-level alwaysLoad, through the `alwaysLoad` flag (`viaFlag`) or `_meta`. */
  tools: { kind: 'core' | 'builtin' | 'mcp'; server: 'a' | 'b' | null; pinned: boolean; viaFlag: boolean; tokens: number }[];
  alwaysLoadServerA: boolean;
}

function expectedReason(scenario: Scenario, deferrable: number): ReasonCode {
  const { provider, sdkVersion } = scenario;
  const model = MODELS[scenario.model];
  if (scenario.hipaa) return 'hipaa';
  if (provider === 'foundry') return 'provider-rejects';
  if (model === 'old') return 'model-unsupported';
  if (model === 'gen4' && provider === 'agent-platform') return 'platform-model-unsupported';
  if (scenario.betas && !(scenario.keep && provider === 'anthropic' && versionAtLeast(sdkVersion, '2.1.227'))) return 'betas-disabled';
  const { mode, percent } = readMode(scenario.value);
  if (mode === 'false') return 'env-false';
  if (provider === 'agent-platform' && !versionAtLeast(sdkVersion, '2.1.221') && mode === 'unset') return 'platform-legacy-default-off';
  const gateway = scenario.baseUrl !== undefined && !scenario.baseUrl.includes('api.anthropic.com');
  if (provider === 'anthropic' && gateway && !versionAtLeast(sdkVersion, '2.1.304') && mode === 'unset') return 'gateway-legacy-default-off';
  if (mode === 'unset') return 'default-on';
  if (mode === 'true') return 'env-true';
  const window = scenario.contextWindow ?? (scenario.model.endsWith('[1m]') ? 1_000_000 : 200_000);
  if (deferrable * 100 >= window * percent) return 'auto-threshold-reached';
  return scenario.activated ? 'auto-sticky' : 'auto-below-threshold';
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  provider: fc.constantFrom<Provider>('anthropic', 'agent-platform', 'bedrock', 'foundry'),
  model: fc.constantFrom(...(Object.keys(MODELS) as (keyof typeof MODELS)[])),
  value: fc.constantFrom(...ENV_VALUES),
  betas: fc.constantFrom(false, false, true),
  keep: fc.boolean(),
  hipaa: fc.constantFrom(false, false, false, true),
  sdkVersion: fc.constantFrom(...SDK_VERSIONS),
  baseUrl: fc.constantFrom(...BASE_URLS),
  activated: fc.boolean(),
  contextWindow: fc.option(fc.constantFrom(50_000, 100_000, 200_000), { nil: undefined }),
  tools: fc.array(
    fc.record({
      kind: fc.constantFrom('core' as const, 'builtin' as const, 'mcp' as const),
      server: fc.constantFrom('a' as const, 'b' as const, null),
      pinned: fc.boolean(),
      viaFlag: fc.boolean(),
      tokens: fc.nat({ max: 8_000 }),
    }),
    { maxLength: 8 },
  ),
  alwaysLoadServerA: fc.boolean(),
});

function toInput(value: Scenario): PolicyInput {
  const env: Record<string, string> = {};
  if (value.value !== undefined) env['ENABLE_TOOL_SEARCH'] = value.value;
  if (value.betas) env['CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS'] = '1';
  if (value.baseUrl !== undefined) env['ANTHROPIC_BASE_URL'] = value.baseUrl;
  return {
    model: value.model,
    provider: value.provider,
    env,
    hipaa: value.hipaa,
    managedSettings: { keepToolSearchOn: value.keep },
    conversation: { toolSearchActivated: value.activated },
    servers: { a: { alwaysLoad: value.alwaysLoadServerA } },
    ...(value.sdkVersion === undefined ? {} : { sdkVersion: value.sdkVersion }),
    ...(value.contextWindow === undefined ? {} : { contextWindow: value.contextWindow }),
    tools: value.tools.map((tool, index) => ({
      name: `tool_${index}`,
      kind: tool.kind,
      server: tool.server,
      alwaysLoad: tool.pinned && tool.viaFlag,
      _meta: { 'anthropic/alwaysLoad': tool.pinned && !tool.viaFlag },
      tokens: tool.tokens,
    })),
  };
}

function displayName(tool: Scenario['tools'][number], index: number): string {
  return tool.kind === 'mcp' && tool.server !== null ? `mcp__${tool.server}__tool_${index}` : `tool_${index}`;
}

describe('conformance: the decision agrees with a reference reading of the spec', () => {
  it('for random configurations and tool sets', () => {
    fc.assert(
      fc.property(scenario, (value) => {
        const decision: ToolSearchDecision = decideToolSearch(toInput(value));
        const deferrable = value.tools.filter(
          (tool) => tool.kind !== 'core' && !tool.pinned && !(tool.server === 'a' && value.alwaysLoadServerA),
        );
        const deferrableTokens = deferrable.reduce((sum, tool) => sum + tool.tokens, 0);
        const reason = expectedReason(value, deferrableTokens);
        expect(decision.reason).toBe(reason);
        const on = ON_REASONS.includes(reason);
        expect(decision.toolSearch).toBe(on ? 'on' : 'off');
        expect(decision.deferrableTokens).toBe(deferrableTokens);
        const names = value.tools.map(displayName);
        const deferredNames = on ? names.filter((_, index) => deferrable.includes(value.tools[index] as Scenario['tools'][number])) : [];
        expect(sorted(decision.deferred)).toEqual(sorted(deferredNames));
        expect(sorted([...decision.upfront, ...decision.deferred])).toEqual(sorted(names));
        expect(decision.trace.length).toBeGreaterThan(0);
        const invalid = value.value !== undefined && value.value.trim() !== '' && readMode(value.value).mode === 'unset';
        expect(decision.warnings.filter((warning) => warning.code === 'invalid-env')).toHaveLength(invalid ? 1 : 0);
        expect(decision.warnings.filter((warning) => warning.code === 'unknown-model')).toHaveLength(value.model === 'gpt-4o' ? 1 : 0);
      }),
      { numRuns: 400 },
    );
  });
});
