import { createApproximateTokenCounter, createCachedTokenCounter } from '@loadout/core';
import type { TokenCounter } from '@loadout/core';
import type { TokenizerName } from './engine-options.js';

/**
 * The engine's token counter, behind a content cache shared by every plan:
 * tiktoken (`@loadout/tokens`, imported on first use so its rank file stays
 * out of the main bundle) or core's approximation.
 */
export async function loadTokenCounter(tokenizer: TokenizerName): Promise<TokenCounter> {
  if (tokenizer === 'approximate') return createCachedTokenCounter(createApproximateTokenCounter());
  const { createTiktokenCounter } = await import('@loadout/tokens');
  return createCachedTokenCounter(createTiktokenCounter());
}
