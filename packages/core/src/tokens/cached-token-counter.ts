import type { TokenCounter } from './token-counter.js';

/** Default for {@link CachedTokenCounterOptions.maxEntries}. */
export const DEFAULT_TOKEN_CACHE_ENTRIES = 50_000;

/** Options of {@link createCachedTokenCounter}. */
export interface CachedTokenCounterOptions {
  /**
   * Most texts remembered; beyond it the least recently used count is
   * dropped. A positive integer (values below 1 are read as 1, non-numbers
   * as the default). Default: 50,000.
   */
  maxEntries?: number;
}

/** A {@link TokenCounter} that remembers counts; see {@link createCachedTokenCounter}. */
export interface CachedTokenCounter extends TokenCounter {
  /** Texts currently remembered. */
  readonly size: number;
  /** Forgets every count. */
  clear(): void;
}

function readMaxEntries(value: number | undefined): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return DEFAULT_TOKEN_CACHE_ENTRIES;
  return Math.max(1, Math.floor(value));
}

/**
 * Wraps `counter` so that each distinct text is counted once: counts are
 * cached by content (one cache per wrapped counter), with
 * least-recently-used eviction. The wrapper has the same `id`, so it can
 * stand in for the counter anywhere. Share one wrapper across calls (for
 * example across planning turns) to reuse the counts.
 */
export function createCachedTokenCounter(
  counter: TokenCounter,
  options: CachedTokenCounterOptions = {},
): CachedTokenCounter {
  const maxEntries = readMaxEntries(options.maxEntries);
  const cache = new Map<string, number>();
  return {
    specificationVersion: 'v1',
    id: counter.id,
    get size() {
      return cache.size;
    },
    clear() {
      cache.clear();
    },
    count(text: string): number {
      const known = cache.get(text);
      if (known !== undefined) {
        cache.delete(text);
        cache.set(text, known);
        return known;
      }
      const counted = counter.count(text);
      if (cache.size >= maxEntries) {
        const oldest = cache.keys().next();
        if (oldest.done !== true) cache.delete(oldest.value);
      }
      cache.set(text, counted);
      return counted;
    },
  };
}
