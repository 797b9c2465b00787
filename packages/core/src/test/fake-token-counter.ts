import type { TokenCounter } from '../tokens/token-counter.js';

/** Options of {@link createFakeTokenCounter}. */
export interface FakeTokenCounterOptions {
  /** Characters per token. Default 4; a positive number. */
  readonly charsPerToken?: number;
  /** Default `fake/chars-<charsPerToken>`. */
  readonly id?: string;
}

/** A {@link TokenCounter} counting `ceil(text.length / charsPerToken)` tokens. */
export function createFakeTokenCounter(options: FakeTokenCounterOptions = {}): TokenCounter {
  const charsPerToken = options.charsPerToken ?? 4;
  return {
    specificationVersion: 'v1',
    id: options.id ?? `fake/chars-${charsPerToken}`,
    count: (text) => Math.ceil(text.length / charsPerToken),
  };
}
