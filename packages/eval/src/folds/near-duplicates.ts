/** Lower-case word set of a query, for near-duplicate tests. */
export function queryWords(query: string): Set<string> {
  return new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** Jaccard similarity of two word sets (1 for two empty sets). */
export function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared);
}

/** Queries at least this similar (Jaccard of word sets) count as the same query. */
export const NEAR_DUPLICATE_JACCARD = 0.8;

/**
 * Pairs `[i, j]` (i in `left`, j in `right`) of near-duplicate queries:
 * word-set Jaccard ≥ {@link NEAR_DUPLICATE_JACCARD}, which includes exact
 * repeats up to case and punctuation.
 */
export function nearDuplicatePairs(left: readonly string[], right: readonly string[], limit = Number.POSITIVE_INFINITY): [number, number][] {
  const leftWords = left.map(queryWords);
  const rightWords = right.map(queryWords);
  const pairs: [number, number][] = [];
  for (let i = 0; i < leftWords.length; i++) {
    const a = leftWords[i]!;
    for (let j = 0; j < rightWords.length; j++) {
      const b = rightWords[j]!;
      // Jaccard ≥ t needs the smaller set to be at least t times the larger.
      if (Math.min(a.size, b.size) < NEAR_DUPLICATE_JACCARD * Math.max(a.size, b.size)) continue;
      if (jaccard(a, b) >= NEAR_DUPLICATE_JACCARD) {
        pairs.push([i, j]);
        if (pairs.length >= limit) return pairs;
      }
    }
  }
  return pairs;
}
