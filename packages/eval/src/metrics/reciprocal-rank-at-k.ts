import type { GoldGroups } from './gold-groups.js';
import { checkCutoff, createGroupMatcher } from './group-matcher.js';

/**
 * Reciprocal rank at k of one query: 1 / rank of the first name (1-based)
 * belonging to any gold group, when that rank is ≤ `k`; else 0. Averaged over
 * queries it is MRR@k. `k` ≥ 1.
 */
export function reciprocalRankAtK(ranked: readonly string[], groups: GoldGroups, k: number): number {
  checkCutoff(k);
  const matcher = createGroupMatcher(groups);
  const end = Math.min(k, ranked.length);
  for (let index = 0; index < end; index++) {
    if (matcher.credit(ranked[index]!) > 0) return 1 / (index + 1);
  }
  return 0;
}
