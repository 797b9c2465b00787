import { describe, expect, it } from 'vitest';
import { worstQueries } from './worst-queries.js';

const result = (index: number, recall: number, mrr: number) => ({ index, scores: { 'recall@5': recall, 'ndcg@5': recall, 'mrr@10': mrr } });

describe('worstQueries', () => {
  it('lists misses, lowest recall then lowest MRR then set order, at most count', () => {
    const results = [result(0, 1, 1), result(1, 0.5, 0.5), result(2, 0, 0.1), result(3, 0, 0), result(4, 0, 0)];
    expect(worstQueries(results, 3).map((entry) => entry.index)).toEqual([3, 4, 2]);
    expect(worstQueries(results, 10).map((entry) => entry.index)).toEqual([3, 4, 2, 1]);
    expect(worstQueries(results, 0)).toEqual([]);
  });
});
