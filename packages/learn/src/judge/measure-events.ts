import type { Ranker } from '@loadout/core';
import type { UsageEvent } from '@loadout/bm25';
import { scoreQuery } from '@loadout/eval';
import type { QualityScores } from '@loadout/eval';

/** Mean Recall@5 / NDCG@5 / MRR@10 of `ranker` on past searches, each event's called tools as its gold. */
export async function measureEvents(ranker: Ranker, events: readonly UsageEvent[]): Promise<QualityScores> {
  const sums = { 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0 };
  for (const event of events) {
    // An event may name tools by display name or own name: credit either.
    const ranked = (await ranker.search(event.query, { limit: 10 })).map(({ tool }) => (event.called.includes(tool.displayName) ? tool.displayName : tool.name));
    const scores = scoreQuery(ranked, { relevant: event.called });
    sums['recall@5'] += scores['recall@5'];
    sums['ndcg@5'] += scores['ndcg@5'];
    sums['mrr@10'] += scores['mrr@10'];
  }
  const count = Math.max(events.length, 1);
  return { 'recall@5': sums['recall@5'] / count, 'ndcg@5': sums['ndcg@5'] / count, 'mrr@10': sums['mrr@10'] / count };
}

/** Scores of several parts pooled, weighted by their event counts. */
export function pooledScores(parts: readonly { scores: QualityScores; count: number }[]): QualityScores {
  const total = Math.max(1, parts.reduce((sum, part) => sum + part.count, 0));
  const mean = (key: keyof QualityScores): number => parts.reduce((sum, part) => sum + part.scores[key] * part.count, 0) / total;
  return { 'recall@5': mean('recall@5'), 'ndcg@5': mean('ndcg@5'), 'mrr@10': mean('mrr@10') };
}
