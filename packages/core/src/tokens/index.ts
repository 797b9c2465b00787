export type { TokenCounter } from './token-counter.js';
export { createApproximateTokenCounter, APPROXIMATE_TOKEN_COUNTER_ID } from './approximate-token-counter.js';
export { createCachedTokenCounter, DEFAULT_TOKEN_CACHE_ENTRIES } from './cached-token-counter.js';
export type { CachedTokenCounter, CachedTokenCounterOptions } from './cached-token-counter.js';
