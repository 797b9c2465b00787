import type { GoldGroups } from './gold-groups.js';
import { checkCutoff, createGroupMatcher } from './group-matcher.js';

/**
 * Recall@k of one query: the share of gold groups with at least one member
 * among the first `k` ranked names, in [0, 1]. The denominator is every
 * group, so a query with more than `k` groups cannot reach 1. `k` ≥ 1.
 */
export function recallAtK(ranked: readonly string[], groups: GoldGroups, k: number): number {
  checkCutoff(k);
  const matcher = createGroupMatcher(groups);
  const end = Math.min(k, ranked.length);
  for (let index = 0; index < end; index++) matcher.credit(ranked[index]!);
  return matcher.credited / groups.length;
}
