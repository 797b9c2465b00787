import { fnv1a32 } from '@loadout/core/utils';
import { jaccard, NEAR_DUPLICATE_JACCARD, queryWords } from './near-duplicates.js';

/**
 * Fixed k-fold assignment by query: near-duplicate queries (see
 * `nearDuplicatePairs`) are joined into one group, and each group goes to
 * fold `fnv1a32(its first query's words) mod k`, so the folds depend only on
 * the query texts (not on file order or a random seed) and no query has a
 * near-duplicate in another fold. Returns the fold of each query.
 */
export function assignFolds(queries: readonly string[], folds: number): number[] {
  const words = queries.map(queryWords);
  const parent = queries.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      if (Math.min(a.size, b.size) < NEAR_DUPLICATE_JACCARD * Math.max(a.size, b.size)) continue;
      if (jaccard(a, b) >= NEAR_DUPLICATE_JACCARD) parent[root(j)] = root(i);
    }
  }
  const keyOf = new Map<number, string>();
  for (let index = 0; index < queries.length; index++) {
    const group = root(index);
    if (!keyOf.has(group)) keyOf.set(group, [...words[index]!].sort().join(' '));
  }
  return queries.map((_, index) => fnv1a32(keyOf.get(root(index))!) % folds);
}
