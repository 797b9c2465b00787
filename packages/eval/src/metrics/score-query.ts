import type { EvalQuery } from '../eval-set/eval-set.js';
import { goldGroups } from './gold-groups.js';
import { ndcgAtK } from './ndcg-at-k.js';
import { recallAtK } from './recall-at-k.js';
import { reciprocalRankAtK } from './reciprocal-rank-at-k.js';

/** The three quality metrics of this package, each in [0, 1]. */
export interface QualityScores {
  /** Share of gold groups found in the top 5. */
  readonly 'recall@5': number;
  /** Binary-gain NDCG over the top 5 (see `ndcgAtK`). */
  readonly 'ndcg@5': number;
  /** Reciprocal rank of the first gold tool within the top 10 (0 when none). */
  readonly 'mrr@10': number;
}

/** Scores one query's ranked tool names (tool `name`s, best first) against its gold. */
export function scoreQuery(ranked: readonly string[], query: Pick<EvalQuery, 'relevant' | 'relevantGroups'>): QualityScores {
  const groups = goldGroups(query);
  return {
    'recall@5': recallAtK(ranked, groups, 5),
    'ndcg@5': ndcgAtK(ranked, groups, 5),
    'mrr@10': reciprocalRankAtK(ranked, groups, 10),
  };
}
