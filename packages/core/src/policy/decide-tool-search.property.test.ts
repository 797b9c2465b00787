import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideToolSearch } from './decide-tool-search.js';
import type { PolicyInput, ReasonCode } from './policy-types.js';

const REASONS: readonly ReasonCode[] = [
  'hipaa',
  'provider-rejects',
  'model-unsupported',
  'platform-model-unsupported',
  'betas-disabled',
  'env-false',
  'platform-legacy-default-off',
  'gateway-legacy-default-off',
  'default-on',
  'env-true',
  'auto-threshold-reached',
  'auto-sticky',
  'auto-below-threshold',
];

const weirdString = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('auto:', 'auto:1e9', '  TRUE ', '2.1.221', 'claude-3[1m]'));
const weirdNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.NaN, -0, Number.MAX_VALUE, Number.MIN_VALUE));
const anything = fc.oneof(weirdString, weirdNumber, fc.boolean(), fc.constant(null), fc.anything());

const tool = fc.record(
  {
    name: fc.oneof(weirdString, anything),
    server: fc.oneof(weirdString, fc.constant(null), anything),
    kind: fc.oneof(fc.constantFrom('core', 'builtin', 'mcp'), anything),
    alwaysLoad: fc.oneof(fc.boolean(), anything),
    tokens: fc.oneof(fc.nat(), weirdNumber, anything),
    description: fc.oneof(weirdString, anything),
    inputSchema: fc.oneof(fc.object(), anything),
    _meta: fc.oneof(fc.constant({ 'anthropic/alwaysLoad': true }), anything),
  },
  { requiredKeys: [] },
);

const input = fc.record(
  {
    model: fc.oneof(weirdString, anything),
    provider: fc.oneof(fc.constantFrom('anthropic', 'agent-platform', 'bedrock', 'foundry'), anything),
    env: fc.oneof(
      fc.record(
        { ENABLE_TOOL_SEARCH: weirdString, CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: weirdString, ANTHROPIC_BASE_URL: weirdString },
        { requiredKeys: [] },
      ),
      anything,
    ),
    sdkVersion: fc.oneof(weirdString, anything),
    managedSettings: fc.oneof(fc.record({ keepToolSearchOn: fc.oneof(fc.boolean(), anything) }), anything),
    hipaa: fc.oneof(fc.boolean(), anything),
    contextWindow: fc.oneof(weirdNumber, anything),
    conversation: fc.oneof(fc.record({ toolSearchActivated: fc.oneof(fc.boolean(), anything) }), anything),
    servers: fc.oneof(fc.dictionary(fc.string(), fc.oneof(fc.record({ alwaysLoad: anything }), anything)), anything),
    tools: fc.oneof(fc.array(tool, { maxLength: 8 }), anything),
    mods: fc.oneof(fc.array(fc.record({ plugin: weirdString, rules: fc.array(fc.object(), { maxLength: 2 }) }), { maxLength: 2 }), anything),
  },
  { requiredKeys: [] },
);

describe('decideToolSearch properties', () => {
  it('never throws, and always answers with a known reason and disjoint lists', () => {
    fc.assert(
      fc.property(input, (value) => {
        const decision = decideToolSearch(value as unknown as PolicyInput);
        expect(REASONS).toContain(decision.reason);
        expect(decision.toolSearch === 'on').toBe(['default-on', 'env-true', 'auto-threshold-reached', 'auto-sticky'].includes(decision.reason));
        const listed = [...decision.upfront, ...decision.deferred];
        expect(new Set(listed).size).toBe(listed.length);
        if (decision.toolSearch === 'off') expect(decision.deferred).toEqual([]);
        expect(Number.isSafeInteger(decision.deferrableTokens) && decision.deferrableTokens >= 0).toBe(true);
        expect(decision.contextWindow).toBeGreaterThan(0);
        expect(decision.trace.length).toBeGreaterThan(0);
        expect(() => JSON.stringify(decision)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
