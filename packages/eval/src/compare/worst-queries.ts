import type { QualityScores } from '../metrics/score-query.js';

/** One query's result, as {@link worstQueries} ranks them. */
export interface ScoredQuery {
  /** Position of the query in its set. */
  readonly index: number;
  readonly scores: QualityScores;
}

/**
 * The `count` worst of `results` (a ranker's per-query outcomes): queries
 * that missed a gold group in the top 5 (Recall@5 below 1), lowest Recall@5
 * first, then lowest MRR@10, then set order. Fewer when fewer missed.
 */
export function worstQueries<T extends ScoredQuery>(results: readonly T[], count: number): T[] {
  return results
    .filter((result) => result.scores['recall@5'] < 1)
    .sort((a, b) => a.scores['recall@5'] - b.scores['recall@5'] || a.scores['mrr@10'] - b.scores['mrr@10'] || a.index - b.index)
    .slice(0, Math.max(0, count));
}
