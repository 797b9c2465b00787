import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolInput } from '../catalog/tool.js';
import type { DeclarativeMod } from '../mods/mod.js';
import type { PolicyInput } from '../policy/policy-types.js';
import { PROVIDERS } from '../policy/policy-types.js';
import { planToolLoading } from './plan-tool-loading.js';

function displayName(tool: ToolInput): string {
  return (tool.kind ?? 'mcp') === 'mcp' && tool.server != null ? `mcp__${tool.server}__${tool.name}` : tool.name;
}

const name = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);
const server = fc.constantFrom('github', 'jira', 'slack');

const tool: fc.Arbitrary<ToolInput> = fc.record(
  {
    name,
    server: fc.option(server, { nil: undefined }),
    kind: fc.constantFrom('core', 'builtin', 'mcp'),
    alwaysLoad: fc.boolean(),
    tokens: fc.integer({ min: 0, max: 40_000 }),
    description: fc.string({ maxLength: 30 }),
  },
  { requiredKeys: ['name'] },
);

const mod: fc.Arbitrary<DeclarativeMod> = fc.record({
  plugin: fc.constantFrom('one', 'two', 'three'),
  rules: fc.array(
    fc.record(
      { server, tool: fc.constantFrom('*', 'a*', '?', 'list_*'), isDeferred: fc.boolean(), description: fc.string({ maxLength: 10 }) },
      { requiredKeys: [] },
    ),
    { maxLength: 3 },
  ),
});

const input: fc.Arbitrary<PolicyInput> = fc.record(
  {
    model: fc.constantFrom('claude-sonnet-4-5-20250929', 'claude-3-opus-20240229', 'claude-sonnet-4@20250514', 'opus[1m]', 'mystery'),
    provider: fc.constantFrom(...PROVIDERS),
    env: fc.record(
      {
        ENABLE_TOOL_SEARCH: fc.constantFrom('true', 'false', 'auto', 'auto:1', 'auto:50', 'bogus', ''),
        CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: fc.constantFrom('1', '0'),
        ANTHROPIC_BASE_URL: fc.constantFrom('https://api.anthropic.com', 'https://gateway.example', 'nope'),
      },
      { requiredKeys: [] },
    ),
    sdkVersion: fc.constantFrom('2.1.100', '2.1.221', '2.1.227', '2.1.304', 'bad'),
    managedSettings: fc.record({ keepToolSearchOn: fc.boolean() }),
    hipaa: fc.boolean(),
    contextWindow: fc.integer({ min: 1, max: 1_000_000 }),
    conversation: fc.record({ toolSearchActivated: fc.boolean() }),
    servers: fc.dictionary(server, fc.record({ alwaysLoad: fc.boolean() }), { maxKeys: 3 }),
    tools: fc.uniqueArray(tool, { selector: displayName, maxLength: 25 }),
    mods: fc.array(mod, { maxLength: 3 }),
  },
  { requiredKeys: ['model'] },
);

describe('planToolLoading properties', () => {
  it('upfront and deferred partition the input tools', () => {
    fc.assert(
      fc.property(input, (value) => {
        const { decision, tools } = planToolLoading(value);
        const expected = (value.tools ?? []).map(displayName).sort();
        expect([...decision.upfront, ...decision.deferred].sort()).toEqual(expected);
        expect(new Set(decision.upfront).size + new Set(decision.deferred).size).toBe(expected.length);
        if (decision.toolSearch === 'off') expect(decision.deferred).toEqual([]);
        const deferrable = tools.filter((planned) => planned.deferrable);
        expect(decision.deferrableTokens).toBe(deferrable.reduce((sum, planned) => sum + planned.tokens, 0));
        for (const planned of tools) {
          if (planned.kind === 'core') expect(planned).toMatchObject({ deferred: false, deferrable: false });
          expect(planned.deferred).toBe(decision.toolSearch === 'on' && planned.deferrable);
        }
      }),
    );
  });
});
