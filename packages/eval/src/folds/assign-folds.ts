import { fnv1a32 } from '@loadout/core/utils';
import { jaccard, NEAR_DUPLICATE_JACCARD, queryWords } from './near-duplicates.js';

/**
 * Fixed k-fold assignment by query: near-duplicate queries (see
 * `nearDuplicatePairs`) are joined into one group, and each group goes to
 * fold `fnv1a32(its first query's words) mod k` (the words after `seed`
 * and a space when given: another partition), so the folds depend only on
 * the query texts and `seed` (not on file order) and no query has a
 * near-duplicate in another fold. Returns the fold of each query. Pairs are
 * found by prefix filtering (two word sets with Jaccard ≥ t share one of
 * the rarest `n − ⌈t·n⌉ + 1` words of each), so it is exact and far below
 * quadratic on real queries.
 */
export function assignFolds(queries: readonly string[], folds: number, seed?: number): number[] {
  const words = queries.map(queryWords);
  const parent = queries.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const frequency = new Map<string, number>();
  for (const set of words) for (const word of set) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const byWord = new Map<string, number[]>();
  let empty = -1;
  for (let i = 0; i < words.length; i++) {
    const a = words[i]!;
    // Two empty word sets are the same query (Jaccard 1), and near no other.
    if (a.size === 0) {
      if (empty < 0) empty = i;
      else parent[root(i)] = root(empty);
      continue;
    }
    const rarest = [...a].sort((x, y) => frequency.get(x)! - frequency.get(y)! || (x < y ? -1 : x > y ? 1 : 0));
    const seen = new Set<number>();
    for (const word of rarest.slice(0, a.size - Math.ceil(NEAR_DUPLICATE_JACCARD * a.size - 1e-9) + 1)) {
      const earlier = byWord.get(word) ?? [];
      for (const j of earlier) {
        if (seen.has(j)) continue;
        seen.add(j);
        const b = words[j]!;
        if (Math.min(a.size, b.size) >= NEAR_DUPLICATE_JACCARD * Math.max(a.size, b.size) && jaccard(a, b) >= NEAR_DUPLICATE_JACCARD) parent[root(i)] = root(j);
      }
      earlier.push(i);
      byWord.set(word, earlier);
    }
  }
  const keyOf = new Map<number, string>();
  for (let index = 0; index < queries.length; index++) {
    const group = root(index);
    if (!keyOf.has(group)) keyOf.set(group, `${seed === undefined ? '' : `${seed} `}${[...words[index]!].sort().join(' ')}`);
  }
  return queries.map((_, index) => fnv1a32(keyOf.get(root(index))!) % folds);
}
