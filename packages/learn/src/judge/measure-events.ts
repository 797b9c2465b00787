import type { Ranker } from '@loadout/core';
import type { UsageEvent } from '@loadout/bm25';
import { scoreQuery } from '@loadout/eval';
import type { QualityScores } from '@loadout/eval';

/** Recall@5 / NDCG@5 / MRR@10 of `ranker` on each past search, its called tools the gold (by display name or own name). */
export async function measureEvents(ranker: Ranker, events: readonly UsageEvent[]): Promise<QualityScores[]> {
  const scores: QualityScores[] = [];
  for (const event of events) {
    const ranked = (await ranker.search(event.query, { limit: 10 })).map(({ tool }) => (event.called.includes(tool.displayName) ? tool.displayName : tool.name));
    scores.push(scoreQuery(ranked, { relevant: event.called }));
  }
  return scores;
}
