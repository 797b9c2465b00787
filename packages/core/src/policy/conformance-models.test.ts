import { describe, expect, it } from 'vitest';
import { decideToolSearch } from './index.js';
import type { Provider, ReasonCode, ToolSearchDecision } from './index.js';

// Independent conformance checks of model ids in every provider's form
// (tool-search-behavior.md §5.2 rule 3): supported are Opus 4, Sonnet 4,
// Haiku 4.5 and later (on Agent Platform: the 4.5 generation and later);
// the list is a deny list, so ids that are not recognisably older Claude
// models are not refused.

function decide(model: string, provider: Provider = 'anthropic', env: Record<string, string> = {}): ToolSearchDecision {
  return decideToolSearch({ model, provider, env, tools: [{ name: 'fetch', server: 'web', tokens: 10 }] });
}

function hasUnknownModel(decision: ToolSearchDecision): boolean {
  return decision.warnings.some((warning) => warning.code === 'unknown-model');
}

const SUPPORTED = 'default-on';
const UNSUPPORTED = 'model-unsupported';
const PLATFORM = 'platform-model-unsupported';

describe('conformance: model ids everywhere but Agent Platform', () => {
  const ids: [string, ReasonCode][] = [
    // first-party, dated
    ['claude-opus-4-20250514', SUPPORTED],
    ['claude-sonnet-4-20250514', SUPPORTED],
    ['claude-opus-4-1-20250805', SUPPORTED],
    ['claude-sonnet-4-5-20250929', SUPPORTED],
    ['claude-haiku-4-5-20251001', SUPPORTED],
    ['claude-opus-4-5-20251101', SUPPORTED],
    ['claude-3-7-sonnet-20250219', UNSUPPORTED],
    ['claude-3-5-sonnet-20241022', UNSUPPORTED],
    ['claude-3-5-haiku-20241022', UNSUPPORTED],
    ['claude-3-opus-20240229', UNSUPPORTED],
    ['claude-3-haiku-20240307', UNSUPPORTED],
    // first-party aliases
    ['claude-opus-4-0', SUPPORTED],
    ['claude-sonnet-4-0', SUPPORTED],
    ['claude-opus-4-1', SUPPORTED],
    ['claude-sonnet-4-5', SUPPORTED],
    ['claude-haiku-4-5', SUPPORTED],
    ['claude-opus-4-5', SUPPORTED],
    ['opus', SUPPORTED],
    ['sonnet', SUPPORTED],
    ['haiku', SUPPORTED],
    // -latest
    ['claude-3-7-sonnet-latest', UNSUPPORTED],
    ['claude-3-5-sonnet-latest', UNSUPPORTED],
    ['claude-3-5-haiku-latest', UNSUPPORTED],
    ['claude-3-opus-latest', UNSUPPORTED],
    // Bedrock: regional and global prefixes, -vN:M suffixes, ARNs
    ['anthropic.claude-opus-4-1-20250805-v1:0', SUPPORTED],
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', SUPPORTED],
    ['global.anthropic.claude-sonnet-4-5-20250929-v1:0', SUPPORTED],
    ['eu.anthropic.claude-haiku-4-5-20251001-v1:0', SUPPORTED],
    ['apac.anthropic.claude-sonnet-4-20250514-v1:0', SUPPORTED],
    ['us.anthropic.claude-3-7-sonnet-20250219-v1:0', UNSUPPORTED],
    ['anthropic.claude-3-5-sonnet-20241022-v2:0', UNSUPPORTED],
    ['anthropic.claude-3-haiku-20240307-v1:0', UNSUPPORTED],
    ['arn:aws:bedrock:us-east-1:111122223333:inference-profile/us.anthropic.claude-opus-4-20250514-v1:0', SUPPORTED],
    ['arn:aws:bedrock:us-west-2::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0', UNSUPPORTED],
    // Claude 2 and Instant
    ['claude-2.0', UNSUPPORTED],
    ['claude-2.1', UNSUPPORTED],
    ['claude-instant-1.2', UNSUPPORTED],
    ['anthropic.claude-v2', UNSUPPORTED],
    ['anthropic.claude-v2:1', UNSUPPORTED],
    ['anthropic.claude-instant-v1', UNSUPPORTED],
    // ids that look newer than any listed model
    ['claude-opus-5', SUPPORTED],
    ['claude-sonnet-4-7', SUPPORTED],
    ['claude-haiku-5-20270101', SUPPORTED],
    ['claude-opus-4-6', SUPPORTED],
  ];

  it.each(ids)('%s on anthropic: %s', (model, reason) => {
    const decision = decide(model);
    expect(decision.reason).toBe(reason);
    expect(hasUnknownModel(decision)).toBe(false);
  });

  it.each(ids)('%s on bedrock: %s', (model, reason) => {
    expect(decide(model, 'bedrock').reason).toBe(reason);
  });

  it('an unsupported model stays off whatever ENABLE_TOOL_SEARCH says', () => {
    for (const value of ['true', 'auto:0', 'auto', 'false', 'invalid']) {
      expect(decide('claude-3-7-sonnet-20250219', 'anthropic', { ENABLE_TOOL_SEARCH: value }).reason).toBe(UNSUPPORTED);
    }
  });
});

describe('conformance: model ids on Agent Platform', () => {
  const ids: [string, ReasonCode][] = [
    ['claude-opus-4-5@20251101', SUPPORTED],
    ['claude-sonnet-4-5@20250929', SUPPORTED],
    ['claude-haiku-4-5@20251001', SUPPORTED],
    ['claude-opus-4@20250514', PLATFORM],
    ['claude-opus-4-1@20250805', PLATFORM],
    ['claude-sonnet-4@20250514', PLATFORM],
    ['claude-sonnet-4-20250514', PLATFORM],
    ['claude-3-7-sonnet@20250219', UNSUPPORTED],
    ['claude-3-5-haiku@20241022', UNSUPPORTED],
    ['claude-opus-5', SUPPORTED],
    ['claude-sonnet-4-7', SUPPORTED],
    ['opus', SUPPORTED],
  ];

  it.each(ids)('%s: %s', (model, reason) => {
    expect(decide(model, 'agent-platform').reason).toBe(reason);
  });

  it('ENABLE_TOOL_SEARCH cannot override the platform bar', () => {
    for (const value of ['true', 'auto:0']) {
      expect(decide('claude-opus-4-1@20250805', 'agent-platform', { ENABLE_TOOL_SEARCH: value }).reason).toBe(PLATFORM);
    }
  });

  it('the same pre-4.5 model is supported off Agent Platform', () => {
    expect(decide('claude-opus-4-1@20250805', 'anthropic').reason).toBe(SUPPORTED);
  });
});

describe('conformance: [1m] ids', () => {
  it.each([
    ['claude-sonnet-4-5-20250929[1m]', SUPPORTED],
    ['claude-sonnet-4-20250514[1m]', SUPPORTED],
    ['claude-opus-4-6[1M]', SUPPORTED],
    ['sonnet[1m]', SUPPORTED],
    ['claude-3-7-sonnet-20250219[1m]', UNSUPPORTED],
  ] as const)('%s: %s, with a 1,000,000-token window', (model, reason) => {
    const decision = decide(model);
    expect(decision).toMatchObject({ reason, contextWindow: 1_000_000 });
    expect(hasUnknownModel(decision)).toBe(false);
  });

  it('without [1m], the window is 200,000', () => {
    expect(decide('claude-sonnet-4-5-20250929').contextWindow).toBe(200_000);
  });
});

describe('conformance: unknown, non-Claude ids', () => {
  it.each(['gpt-4o', 'gemini-2.5-pro', 'mistral-large-latest', 'my-fine-tune', 'arn:aws:bedrock:us-east-1:111122223333:application-inference-profile/a1b2c3'])(
    '%s warns unknown-model naming the id and is treated as supported',
    (model) => {
      for (const provider of ['anthropic', 'agent-platform', 'bedrock'] as const) {
        const decision = decide(model, provider);
        expect(decision).toMatchObject({ reason: 'default-on', toolSearch: 'on', contextWindow: 200_000 });
        const warnings = decision.warnings.filter((warning) => warning.code === 'unknown-model');
        expect(warnings).toHaveLength(1);
        expect(warnings[0]?.message).toContain(model);
      }
    },
  );

  it('an unknown id still follows the other rules', () => {
    expect(decide('gpt-4o', 'anthropic', { ENABLE_TOOL_SEARCH: 'true' }).reason).toBe('env-true');
    expect(decide('gpt-4o', 'anthropic', { ENABLE_TOOL_SEARCH: 'false' }).reason).toBe('env-false');
    expect(decide('gpt-4o', 'foundry').reason).toBe('provider-rejects');
  });
});
