import { describe, expect, it } from 'vitest';
import { recommendRanker } from './recommend-ranker.js';
import type { RankerStanding } from './recommend-ranker.js';

const standing = (ranker: string, diff: number, low: number, p50Ms: number, failedQueries = 0): RankerStanding => ({
  ranker,
  recall: 0.7 + diff,
  p50Ms,
  failedQueries,
  vsBaseline: { diff, low, high: diff + (diff - low) },
});
const baseline = standing('bm25f', 0, 0, 0.1);

describe('recommendRanker', () => {
  it('keeps the baseline when no interval lies above zero, naming the closest', () => {
    const result = recommendRanker([baseline, standing('hybrid', 0.004, -0.01, 0.4), standing('wink-bm25', -0.02, -0.04, 0.2)]);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe('keep bm25f: no ranker beat it beyond noise; the closest, hybrid, differs by +0.4 Recall@5 points (95% interval −1.0 to +1.8 points, which includes 0)');
  });

  it('switches to the best ranker whose interval is above zero', () => {
    const result = recommendRanker([baseline, standing('hybrid', 0.06, 0.03, 0.4), standing('rerank', 0.03, 0.01, 0.2)]);
    expect(result.recommended).toBe('hybrid');
    expect(result.reason).toContain('switch to hybrid: it finds +6.0 Recall@5 points over bm25f (95% interval +3.0 to +9.0 points, above 0), at a median 0.40 ms a query against 0.10 ms');
  });

  it('breaks a near-tie by latency', () => {
    const result = recommendRanker([baseline, standing('hybrid', 0.06, 0.03, 0.4), standing('rerank', 0.055, 0.02, 0.2)]);
    expect(result.recommended).toBe('rerank');
    expect(result.reason).toContain('hybrid came within 1 point and rerank is faster');
  });

  it('never picks a ranker that failed queries', () => {
    const result = recommendRanker([baseline, standing('plug', 0.2, 0.1, 0.1, 3)]);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toContain('; plug failed 3 queries and cannot be chosen');
  });

  it('says every other ranker found less when the closest interval lies below zero', () => {
    const result = recommendRanker([baseline, { ...standing('hybrid', -0.043, -0.096, 0.4), vsBaseline: { diff: -0.043, low: -0.096, high: -0.005 } }]);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe('keep bm25f: every other ranker found less; the closest, hybrid, finds −4.3 Recall@5 points (95% interval −9.6 to −0.5 points, below 0)');
  });

  it('picks the best ranker that answered every query when the baseline failed some', () => {
    const failing = { ...standing('plug', 0, 0, 0.1, 5), recall: 0 };
    const result = recommendRanker([failing, { ...standing('bm25f', 0.7, 0.6, 0.2), recall: 0.7 }, { ...standing('slow', 0.7, 0.6, 0.9), recall: 0.705 }]);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe('switch to bm25f: it answered every query, with Recall@5 70.0 at a median 0.20 ms a query; slow came within 1 point and bm25f is faster; plug failed 5 queries and cannot be chosen');
  });

  it('recommends none when no ranker answered every query', () => {
    const result = recommendRanker([standing('p-nan', 0, 0, 0.1, 5), standing('p-throws', 0, 0, 0.1, 5)]);
    expect(result.recommended).toBe('p-nan');
    expect(result.reason).toBe('no ranker answered every query (p-nan failed 5 queries, p-throws failed 5 queries), so none can be recommended; p-nan, the baseline, is named until one does');
  });
});
