import { describe, expect, it } from 'vitest';
import { describeModel, parseModelId } from './model-id.js';

describe('parseModelId', () => {
  it.each([
    // first-party
    ['claude-sonnet-4-5-20250929', 'sonnet', 4, 5],
    ['claude-opus-4-1-20250805', 'opus', 4, 1],
    ['claude-opus-4-20250514', 'opus', 4, 0],
    ['claude-sonnet-4-20250514', 'sonnet', 4, 0],
    ['claude-haiku-4-5', 'haiku', 4, 5],
    ['claude-opus-4-5', 'opus', 4, 5],
    ['claude-3-7-sonnet-20250219', 'sonnet', 3, 7],
    ['claude-3-5-haiku-latest', 'haiku', 3, 5],
    ['claude-3-opus-20240229', 'opus', 3, 0],
    ['claude-3-haiku-20240307', 'haiku', 3, 0],
    ['claude-2.1', 'other', 2, 1],
    ['claude-2', 'other', 2, 0],
    ['claude-instant-1.2', 'other', 1, 2],
    ['Claude-Sonnet-4-5', 'sonnet', 4, 5],
    // Agent Platform
    ['claude-opus-4-5@20251101', 'opus', 4, 5],
    ['claude-sonnet-4@20250514', 'sonnet', 4, 0],
    ['claude-3-5-sonnet-v2@20241022', 'sonnet', 3, 5],
    ['publishers/anthropic/models/claude-opus-4-1@20250805', 'opus', 4, 1],
    // Bedrock
    ['us.anthropic.claude-3-7-sonnet-20250219-v1:0', 'sonnet', 3, 7],
    ['global.anthropic.claude-sonnet-4-5-20250929-v1:0', 'sonnet', 4, 5],
    ['anthropic.claude-haiku-4-5-20251001-v1:0', 'haiku', 4, 5],
    ['anthropic.claude-v2:1', 'other', 2, 1],
    ['anthropic.claude-v2', 'other', 2, 0],
    ['anthropic.claude-instant-v1', 'other', 1, 0],
    ['arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-opus-4-1-20250805-v1:0', 'opus', 4, 1],
    ['arn:aws:bedrock:eu-west-1::foundation-model/anthropic.claude-3-opus-20240229-v1:0', 'opus', 3, 0],
    // gateways and dotted versions
    ['anthropic/claude-sonnet-4.5', 'sonnet', 4, 5],
    ['anthropic/claude-3.5-sonnet', 'sonnet', 3, 5],
  ] as const)('%s is %s %i.%i', (id, family, major, minor) => {
    expect(parseModelId(id)).toMatchObject({ recognized: true, alias: false, family, major, minor, oneMillion: false });
  });

  it.each(['opus', 'sonnet', 'haiku', ' Sonnet '])('alias %j is the newest model of its family', (id) => {
    const model = parseModelId(id);
    expect(model).toMatchObject({ recognized: true, alias: true, major: null, minor: null });
    expect(model.family).toBe(id.trim().toLowerCase());
  });

  it('reads a [1m] suffix as a 1,000,000-token window', () => {
    expect(parseModelId('claude-sonnet-4-5-20250929[1m]')).toMatchObject({
      family: 'sonnet',
      major: 4,
      minor: 5,
      oneMillion: true,
      contextWindow: 1_000_000,
    });
    expect(parseModelId('sonnet[1M]')).toMatchObject({ alias: true, oneMillion: true, contextWindow: 1_000_000 });
    expect(parseModelId('claude-opus-4-5').contextWindow).toBe(200_000);
  });

  it.each(['gpt-4o', '', 'claude', 'claude-', 'claude-opus', 'myclaude-3-opus', 'claude-opus-2025', 'arn:aws:bedrock:us-east-1:1:application-inference-profile/abc123'])(
    '%j is not recognised',
    (id) => {
      expect(parseModelId(id)).toMatchObject({ recognized: false, family: 'other', major: null, minor: null });
    },
  );

  it('keeps the id as given', () => {
    expect(parseModelId(' claude-opus-4-5 ').id).toBe(' claude-opus-4-5 ');
  });
});

describe('describeModel', () => {
  it.each([
    ['claude-sonnet-4-5', 'Sonnet 4.5'],
    ['claude-3-7-sonnet-20250219', 'Claude 3.7 Sonnet'],
    ['claude-2.1', 'Claude 2.1'],
    ['opus', 'the newest Opus'],
    ['gpt-4o', 'an unrecognised model'],
  ])('%s reads as %s', (id, text) => {
    expect(describeModel(parseModelId(id))).toBe(text);
  });
});
