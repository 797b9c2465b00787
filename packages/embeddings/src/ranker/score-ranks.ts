import type { SearchHit } from '@loadout/core';

/** A hit's place among a list of hits, counted in the order of their scores. */
export interface ScoreRank {
  /** 1-based; hits of equal score share the best rank of their group (`1, 1, 3`). */
  readonly rank: number;
  /** How many other hits of the list have the same score (0 when none). */
  readonly tied: number;
  /** How many hits the list holds. */
  readonly of: number;
}

/**
 * The rank of every hit of `hits` (sorted best first) by display name, ties
 * sharing a rank, so a rank never disagrees with the score it stands for.
 */
export function scoreRanks(hits: readonly SearchHit[]): Map<string, ScoreRank> {
  const ranks = new Map<string, ScoreRank>();
  let start = 0;
  while (start < hits.length) {
    let end = start + 1;
    while (end < hits.length && hits[end]!.score === hits[start]!.score) end++;
    for (let index = start; index < end; index++) ranks.set(hits[index]!.tool.displayName, { rank: start + 1, tied: end - start - 1, of: hits.length });
    start = end;
  }
  return ranks;
}
