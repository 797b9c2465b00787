import type { GoldGroups } from './gold-groups.js';
import { checkCutoff, createGroupMatcher } from './group-matcher.js';

/**
 * NDCG@k of one query with binary gains, in [0, 1].
 *
 * - Gain at rank i (1-based) is 1 when the name there credits a gold group
 *   not credited at an earlier rank, else 0. A second tool of an already
 *   credited group gains nothing, so a group counts once, like in Recall@k.
 *   Without groups every gold tool is its own group: plain binary NDCG.
 * - DCG@k = Σ gain_i / log2(i + 1) over ranks 1..k.
 * - Ideal DCG@k = Σ 1 / log2(i + 1) for i = 1..min(groups, k): one new group
 *   credited at each of the first ranks, as many as there are groups.
 *
 * `k` ≥ 1.
 */
export function ndcgAtK(ranked: readonly string[], groups: GoldGroups, k: number): number {
  checkCutoff(k);
  const matcher = createGroupMatcher(groups);
  let dcg = 0;
  const end = Math.min(k, ranked.length);
  for (let index = 0; index < end; index++) {
    if (matcher.credit(ranked[index]!) > 0) dcg += 1 / Math.log2(index + 2);
  }
  let ideal = 0;
  const idealEnd = Math.min(k, groups.length);
  for (let index = 0; index < idealEnd; index++) ideal += 1 / Math.log2(index + 2);
  return dcg / ideal;
}
