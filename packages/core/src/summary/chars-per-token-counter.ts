import type { TokenCounter } from '../tokens/token-counter.js';

/** The summary's default counter: one token per 4 characters, rounded up. */
export const charsPerTokenCounter: TokenCounter = Object.freeze({
  specificationVersion: 'v1',
  id: 'loadout/chars-div-4',
  count: (text: string): number => Math.ceil(text.length / 4),
});
