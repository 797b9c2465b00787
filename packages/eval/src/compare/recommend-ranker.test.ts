import { describe, expect, it } from 'vitest';
import { MIN_QUERIES_TO_SWITCH, recommendRanker } from './recommend-ranker.js';
import type { RankerStanding } from './recommend-ranker.js';

const standing = (ranker: string, diff: number, low: number, p50Ms: number, failedQueries = 0): RankerStanding => ({
  ranker,
  recall: 0.7 + diff,
  p50Ms,
  failedQueries,
  vsBaseline: { diff, low, high: diff + (diff - low) },
});
const baseline = standing('bm25f', 0, 0, 0.1);
// Enough queries that one query is worth less than the 1-point near-tie.
const enough = { queries: 1000 };

describe('recommendRanker', () => {
  it('keeps the baseline when no interval lies above zero, naming the best of the others', () => {
    const result = recommendRanker([baseline, standing('hybrid', 0.004, -0.01, 0.4), standing('wink-bm25', -0.02, -0.04, 0.2)], enough);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe('keep bm25f: no ranker beat it beyond noise; the best of the others, hybrid, differs by +0.4 Recall@5 points (95% interval −1.0 to +1.8 points, which includes 0)');
  });

  it('switches to the best ranker whose interval is above zero', () => {
    const result = recommendRanker([baseline, standing('hybrid', 0.06, 0.03, 0.4), standing('rerank', 0.03, 0.01, 0.2)], enough);
    expect(result.recommended).toBe('hybrid');
    expect(result.reason).toContain('switch to hybrid: it finds +6.0 Recall@5 points over bm25f (95% interval +3.0 to +9.0 points, above 0), at a median 0.40 ms a query against 0.10 ms');
  });

  it('breaks a near-tie by latency', () => {
    const result = recommendRanker([baseline, standing('hybrid', 0.06, 0.03, 0.4), standing('rerank', 0.055, 0.02, 0.2)], enough);
    expect(result.recommended).toBe('rerank');
    expect(result.reason).toContain('hybrid came within 1 point and rerank is at least 1.5× faster');
  });

  it('names the first listed of a near-tie unless another is clearly faster, so timings noise cannot flip it', () => {
    const close = (p50Ms: number): RankerStanding[] => [baseline, standing('rerank', 0.06, 0.03, 0.74), standing('rerank-glove', 0.065, 0.03, p50Ms)];
    for (const p50Ms of [0.6, 0.73, 0.75, 0.9]) expect(recommendRanker(close(p50Ms), enough).recommended).toBe('rerank');
    expect(recommendRanker(close(0.6), enough).reason).toContain('; rerank-glove came within 1 point, too close to tell apart, and none is 1.5× faster, so rerank, listed first, is named');
    expect(recommendRanker(close(0.4), enough)).toMatchObject({ recommended: 'rerank-glove', reason: expect.stringContaining('rerank came within 1 point and rerank-glove is at least 1.5× faster') });
  });

  it('counts one query as a near-tie on a small set', () => {
    // 45 queries: one query is 2.2 points, so +15.6 and +16.7 cannot be told apart.
    const result = recommendRanker([baseline, standing('bm25f-2', 0.156, 0.1, 0.3), standing('wink-bm25', 0.167, 0.1, 0.35)], { queries: 45 });
    expect(result.recommended).toBe('bm25f-2');
    expect(result.reason).toContain('wink-bm25 came within one query (2.2 points), too close to tell apart');
  });

  it('never picks a ranker that failed queries', () => {
    const result = recommendRanker([baseline, standing('plug', 0.2, 0.1, 0.1, 3)], enough);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toContain('; plug failed 3 queries and cannot be chosen');
  });

  it('says every other ranker found less when every interval lies below zero', () => {
    const result = recommendRanker([baseline, { ...standing('hybrid', -0.043, -0.096, 0.4), vsBaseline: { diff: -0.043, low: -0.096, high: -0.005 } }], enough);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe('keep bm25f: every other ranker found less; the best of them, hybrid, finds 4.3 Recall@5 points fewer (95% interval −9.6 to −0.5 points, below 0)');
  });

  it('picks the best ranker that answered every query when the baseline failed some', () => {
    const failing = { ...standing('plug', 0, 0, 0.1, 5), recall: 0 };
    const result = recommendRanker([failing, { ...standing('bm25f', 0.7, 0.6, 0.2), recall: 0.7 }, { ...standing('slow', 0.7, 0.6, 0.9), recall: 0.705 }], enough);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe('switch to bm25f: it answered every query, with Recall@5 70.0 at a median 0.20 ms a query; slow came within 1 point and bm25f is at least 1.5× faster; plug failed 5 queries and cannot be chosen');
  });

  it('recommends none when no ranker answered every query', () => {
    const result = recommendRanker([standing('p-nan', 0, 0, 0.1, 5), standing('p-throws', 0, 0, 0.1, 5)], enough);
    expect(result.recommended).toBe('p-nan');
    expect(result.reason).toBe('no ranker answered every query (p-nan failed 5 queries, p-throws failed 5 queries), so none can be recommended; p-nan, the baseline, is named until one does');
  });

  it('prints a bound that rounds to 0 as 0.0, and never calls it above 0', () => {
    const zero = { ...standing('hybrid', 0.083, 0, 0.4), vsBaseline: { diff: 0.083, low: 0.0004, high: 0.167 } };
    const result = recommendRanker([baseline, zero], enough);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe('keep bm25f: no ranker beat it beyond noise; the best of the others, hybrid, differs by +8.3 Recall@5 points (95% interval 0.0 to +16.7 points, which includes 0)');
    const negative = { ...standing('rerank', 0.014, 0, 0.2), vsBaseline: { diff: 0.014, low: -0.0003, high: 0.028 } };
    expect(recommendRanker([baseline, negative], enough).reason).toContain('(95% interval 0.0 to +2.8 points, which includes 0)');
    // One above 0 as printed (+0.1) is a candidate.
    const clear = { ...standing('rerank', 0.014, 0, 0.2), vsBaseline: { diff: 0.014, low: 0.0006, high: 0.028 } };
    expect(recommendRanker([baseline, clear], enough)).toMatchObject({ recommended: 'rerank', reason: expect.stringContaining('(95% interval +0.1 to +2.8 points, above 0)') });
  });

  it('names the ranker with the largest difference, saying how its interval lies', () => {
    // wide has the larger mean but a wide interval; narrow came nearer to clearing 0.
    const wide = { ...standing('wide', 0.03, 0, 0.4), vsBaseline: { diff: 0.03, low: -0.04, high: 0.1 } };
    const narrow = { ...standing('narrow', 0.01, 0, 0.2), vsBaseline: { diff: 0.01, low: -0.002, high: 0.022 } };
    expect(recommendRanker([baseline, narrow, wide], enough).reason).toMatch(/^keep bm25f: no ranker beat it beyond noise; the best of the others, wide, differs by \+3\.0/);
    // Not "every other found less" while one interval still includes 0.
    const under = { ...standing('under', -0.01, 0, 0.2), vsBaseline: { diff: -0.01, low: -0.02, high: -0.002 } };
    const unsure = { ...standing('unsure', -0.02, 0, 0.2), vsBaseline: { diff: -0.02, low: -0.08, high: 0.04 } };
    expect(recommendRanker([baseline, under, unsure], enough).reason).toBe(
      'keep bm25f: no ranker beat it beyond noise; the best of the others, under, differs by −1.0 Recall@5 points (95% interval −2.0 to −0.2 points, below 0)',
    );
  });

  it(`recommends no switch on fewer than ${MIN_QUERIES_TO_SWITCH} queries, saying the set is too small to tell`, () => {
    const rankers = [baseline, standing('hybrid', 0.3, 0.1, 0.4)];
    const small = recommendRanker(rankers, { queries: 6 });
    expect(small.recommended).toBe('bm25f');
    expect(small.reason).toBe('keep bm25f: 6 queries are too few to tell rankers apart (a switch needs at least 30); the best of the others, hybrid, differs by +30.0 Recall@5 points (95% interval +10.0 to +50.0 points, above 0)');
    expect(recommendRanker(rankers, { queries: MIN_QUERIES_TO_SWITCH }).recommended).toBe('hybrid');
    // A baseline that failed queries is replaced whatever the size: it is broken, not merely behind.
    expect(recommendRanker([{ ...baseline, failedQueries: 6 }, standing('hybrid', 0.3, 0.1, 0.4)], { queries: 6 }).recommended).toBe('hybrid');
  });
});
