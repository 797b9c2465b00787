import { createApproximateTokenCounter } from '../tokens/approximate-token-counter.js';
import { createCachedTokenCounter } from '../tokens/cached-token-counter.js';
import type { TokenCounter } from '../tokens/token-counter.js';

let shared: TokenCounter | undefined;

/**
 * The counter used when none is passed: the approximate counter behind one
 * shared cache of up to 50,000 definitions (a memo; counts never change).
 */
export function defaultTokenCounter(): TokenCounter {
  shared ??= createCachedTokenCounter(createApproximateTokenCounter());
  return shared;
}
