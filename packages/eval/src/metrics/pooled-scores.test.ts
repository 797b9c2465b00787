import { describe, expect, it } from 'vitest';
import { pooledScores } from './pooled-scores.js';

describe('pooledScores', () => {
  it('weights each part by its count, and is 0 for no queries', () => {
    const one = { 'recall@5': 1, 'ndcg@5': 0.5, 'mrr@10': 1 };
    const other = { 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0.25 };
    expect(pooledScores([{ scores: one, count: 3 }, { scores: other, count: 1 }])).toEqual({ 'recall@5': 0.75, 'ndcg@5': 0.375, 'mrr@10': 0.8125 });
    expect(pooledScores([])).toEqual({ 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0 });
  });
});
