import { describe, expect, it } from 'vitest';
import { parseModelId } from './model-id.js';
import { checkModelSupport } from './model-support.js';
import type { Provider } from './policy-types.js';

function support(id: string, provider: Provider = 'anthropic'): string {
  const result = checkModelSupport(parseModelId(id), provider);
  return result.supported ? 'supported' : result.reason;
}

describe('checkModelSupport', () => {
  it.each([
    ['claude-opus-4-20250514', 'supported'],
    ['claude-opus-4-1-20250805', 'supported'],
    ['claude-sonnet-4-20250514', 'supported'],
    ['claude-sonnet-4-5-20250929', 'supported'],
    ['claude-haiku-4-5', 'supported'],
    ['claude-opus-5', 'supported'],
    ['claude-haiku-4', 'model-unsupported'],
    ['claude-3-7-sonnet-20250219', 'model-unsupported'],
    ['claude-3-5-haiku-latest', 'model-unsupported'],
    ['claude-3-opus-20240229', 'model-unsupported'],
    ['claude-2.1', 'model-unsupported'],
    ['anthropic.claude-v2:1', 'model-unsupported'],
    ['claude-instant-1.2', 'model-unsupported'],
    ['opus', 'supported'],
    ['haiku', 'supported'],
    ['some-future-model', 'supported'],
  ])('%s on the first-party API: %s', (id, expected) => {
    expect(support(id)).toBe(expected);
  });

  it.each([
    ['claude-opus-4-5@20251101', 'supported'],
    ['claude-sonnet-4-5@20250929', 'supported'],
    ['claude-haiku-4-5@20251001', 'supported'],
    ['claude-sonnet-4@20250514', 'platform-model-unsupported'],
    ['claude-opus-4@20250514', 'platform-model-unsupported'],
    ['claude-opus-4-1@20250805', 'platform-model-unsupported'],
    // the general list is checked first
    ['claude-3-7-sonnet@20250219', 'model-unsupported'],
    ['claude-3-5-haiku@20241022', 'model-unsupported'],
    ['sonnet', 'supported'],
  ])('%s on agent-platform: %s', (id, expected) => {
    expect(support(id, 'agent-platform')).toBe(expected);
  });

  it('holds Bedrock and Foundry models only to the general list', () => {
    expect(support('us.anthropic.claude-sonnet-4-20250514-v1:0', 'bedrock')).toBe('supported');
    expect(support('us.anthropic.claude-3-7-sonnet-20250219-v1:0', 'bedrock')).toBe('model-unsupported');
    expect(support('claude-opus-4-1', 'foundry')).toBe('supported');
  });
});
