import type { Ranker } from '@loadout/core';
import type { UsageEvent } from '@loadout/bm25';
import { pooledScores, scoreQuery } from '@loadout/eval';
import type { QualityScores } from '@loadout/eval';

/** Mean Recall@5 / NDCG@5 / MRR@10 of `ranker` on past searches, each event's called tools its gold (by display name or own name). */
export async function measureEvents(ranker: Ranker, events: readonly UsageEvent[]): Promise<QualityScores> {
  const parts: { scores: QualityScores; count: number }[] = [];
  for (const event of events) {
    const ranked = (await ranker.search(event.query, { limit: 10 })).map(({ tool }) => (event.called.includes(tool.displayName) ? tool.displayName : tool.name));
    parts.push({ scores: scoreQuery(ranked, { relevant: event.called }), count: 1 });
  }
  return pooledScores(parts);
}
