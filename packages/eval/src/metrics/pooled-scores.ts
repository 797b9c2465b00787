import type { QualityScores } from './score-query.js';

/** The mean of several parts' scores, each part weighted by its `count` (of queries); 0 for no queries. */
export function pooledScores(parts: readonly { readonly scores: QualityScores; readonly count: number }[]): QualityScores {
  const total = Math.max(1, parts.reduce((sum, part) => sum + part.count, 0));
  const mean = (key: keyof QualityScores): number => parts.reduce((sum, part) => sum + part.scores[key] * part.count, 0) / total;
  return { 'recall@5': mean('recall@5'), 'ndcg@5': mean('ndcg@5'), 'mrr@10': mean('mrr@10') };
}
