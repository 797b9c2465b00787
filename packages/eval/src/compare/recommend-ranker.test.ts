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
/** Every query of 40 answered in `ms`. */
const steady = (ms: number): number[] => Array.from({ length: 40 }, () => ms);

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

  it('breaks a near-tie by latency when the speed difference holds query for query', () => {
    const hybrid = { ...standing('hybrid', 0.06, 0.03, 0.4), latencies: steady(0.4) };
    const rerank = { ...standing('rerank', 0.055, 0.02, 0.2), latencies: steady(0.2) };
    const result = recommendRanker([baseline, hybrid, rerank], enough);
    expect(result.recommended).toBe('rerank');
    expect(result.reason).toContain('hybrid came within 1 point and rerank is 2.0× as fast as hybrid query for query (95% interval 2.0× to 2.0×), at least 1.5× beyond noise');
    // Without per-query latencies, a median breaks no tie: the higher mean is named.
    expect(recommendRanker([baseline, standing('hybrid', 0.06, 0.03, 0.4), standing('rerank', 0.055, 0.02, 0.2)], enough).recommended).toBe('hybrid');
  });

  it('names the higher mean of a near-tie in either order, and a median 1.5× faster within noise changes nothing', () => {
    const rerank = { ...standing('rerank', 0.06, 0.03, 0.4), latencies: steady(0.4) };
    // A p50 of 0.65 ms against 0.40 (1.6×), but 19 of 40 queries faster than rerank's: 1.1× query for query.
    const noisy = [...Array.from({ length: 21 }, () => 0.65), ...Array.from({ length: 19 }, () => 0.3)];
    const glove = { ...standing('rerank-glove', 0.065, 0.03, 0.65), latencies: noisy };
    for (const order of [[baseline, rerank, glove], [baseline, glove, rerank]]) expect(recommendRanker(order, enough).recommended).toBe('rerank-glove');
    expect(recommendRanker([baseline, rerank, glove], enough).reason).toContain('; rerank came within 1 point, too close to tell apart, and none is 1.5× faster beyond noise, so rerank-glove, with the highest mean, is named');
    // The same p50s with rerank faster on every query: rerank, in either order.
    const slowGlove = { ...glove, latencies: steady(0.65) };
    for (const order of [[baseline, rerank, slowGlove], [baseline, slowGlove, rerank]]) expect(recommendRanker(order, enough).recommended).toBe('rerank');
    // Equal means: the first listed.
    const twin = { ...rerank, ranker: 'twin' };
    expect(recommendRanker([baseline, twin, rerank], enough)).toMatchObject({ recommended: 'twin', reason: expect.stringContaining('so twin, listed first of the equal means, is named') });
  });

  it('applies the near-tie rule against the baseline, so the order of the list does not change the pick', () => {
    // hybrid 0.6 points above bm25f, within noise; bm25f 3.6× faster on every query.
    const fast = { ...standing('bm25f', 0, 0, 0.11), latencies: steady(0.11) };
    const slow = { ...standing('hybrid', 0.006, -0.007, 0.4), latencies: steady(0.4) };
    expect(recommendRanker([fast, slow], enough)).toEqual({
      recommended: 'bm25f',
      reason:
        'keep bm25f: no ranker beat it beyond noise; the best of the others, hybrid, differs by +0.6 Recall@5 points (95% interval −0.7 to +1.9 points, which includes 0); hybrid came within 1 point, and bm25f is 3.6× as fast as hybrid query for query (95% interval 3.6× to 3.6×), at least 1.5× beyond noise',
    });
    const fromSlow = recommendRanker([{ ...slow, vsBaseline: { diff: 0, low: 0, high: 0 } }, { ...fast, vsBaseline: { diff: -0.006, low: -0.019, high: 0.007 } }], enough);
    expect(fromSlow).toEqual({
      recommended: 'bm25f',
      reason:
        'switch to bm25f: it came within 1 point of hybrid, −0.6 Recall@5 points (95% interval −1.9 to +0.7 points, which includes 0), too close to tell apart, and is 3.6× as fast as hybrid query for query (95% interval 3.6× to 3.6×), at least 1.5× beyond noise, at a median 0.11 ms a query against 0.40 ms',
    });
    // Above 0 beyond noise but within 1 point: a baseline clearly faster is kept, as it would be switched to listed second.
    const narrowly = { ...slow, vsBaseline: { diff: 0.008, low: 0.002, high: 0.014 } };
    expect(recommendRanker([fast, narrowly], enough)).toEqual({
      recommended: 'bm25f',
      reason: 'keep bm25f: hybrid finds +0.8 Recall@5 points (95% interval +0.2 to +1.4 points, above 0) but came within 1 point, too close to tell apart, and bm25f is 3.6× as fast as hybrid query for query (95% interval 3.6× to 3.6×), at least 1.5× beyond noise',
    });
    const reversed = recommendRanker([{ ...narrowly, vsBaseline: { diff: 0, low: 0, high: 0 } }, { ...fast, vsBaseline: { diff: -0.008, low: -0.014, high: -0.002 } }], enough);
    expect(reversed.recommended).toBe('bm25f');
    // Beyond 1 point, or not clearly faster, or on too few queries: the baseline rule as before.
    expect(recommendRanker([fast, { ...slow, vsBaseline: { diff: 0.02, low: 0.01, high: 0.03 } }], enough).recommended).toBe('hybrid');
    expect(recommendRanker([{ ...slow, vsBaseline: { diff: 0, low: 0, high: 0 } }, { ...fast, latencies: steady(0.3), vsBaseline: { diff: -0.006, low: -0.019, high: 0.007 } }], enough).recommended).toBe('hybrid');
    expect(recommendRanker([{ ...slow, vsBaseline: { diff: 0, low: 0, high: 0 } }, { ...fast, vsBaseline: { diff: -0.006, low: -0.019, high: 0.007 } }], { queries: 20 }).recommended).toBe('hybrid');
  });

  it('counts one query as a near-tie on a small set', () => {
    // 45 queries: one query is 2.2 points, so +15.6 and +16.7 cannot be told apart.
    const result = recommendRanker([baseline, standing('bm25f-2', 0.156, 0.1, 0.3), standing('wink-bm25', 0.167, 0.1, 0.35)], { queries: 45 });
    expect(result.recommended).toBe('wink-bm25');
    expect(result.reason).toContain('bm25f-2 came within one query (2.2 points), too close to tell apart');
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
    const bm25f = { ...standing('bm25f', 0.7, 0.6, 0.2), recall: 0.7, latencies: steady(0.2) };
    const result = recommendRanker([failing, bm25f, { ...standing('slow', 0.7, 0.6, 0.9), recall: 0.705, latencies: steady(0.9) }], enough);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe(
      'switch to bm25f: it answered every query, with Recall@5 70.0 at a median 0.20 ms a query; slow came within 1 point and bm25f is 4.5× as fast as slow query for query (95% interval 4.5× to 4.5×), at least 1.5× beyond noise; plug failed 5 queries and cannot be chosen',
    );
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
    expect(small.reason).toBe(
      'keep bm25f: 6 queries are too few to tell rankers apart (a switch needs at least 30); hybrid looks better by +30.0 Recall@5 points (95% interval +10.0 to +50.0 points, above 0); evaluate on at least 30 queries to confirm before switching',
    );
    // One whose interval includes 0 is named as before.
    expect(recommendRanker([baseline, standing('hybrid', 0.02, -0.01, 0.4)], { queries: 6 }).reason).toBe(
      'keep bm25f: 6 queries are too few to tell rankers apart (a switch needs at least 30); the best of the others, hybrid, differs by +2.0 Recall@5 points (95% interval −1.0 to +5.0 points, which includes 0)',
    );
    expect(recommendRanker(rankers, { queries: MIN_QUERIES_TO_SWITCH }).recommended).toBe('hybrid');
    // A baseline that failed queries is replaced whatever the size: it is broken, not merely behind.
    expect(recommendRanker([{ ...baseline, failedQueries: 6 }, standing('hybrid', 0.3, 0.1, 0.4)], { queries: 6 }).recommended).toBe('hybrid');
  });
});

describe('recommendRanker and rankers scored on their training queries', () => {
  const trained = (ranker: string, diff: number, low: number, trainedOn: number): RankerStanding => ({ ...standing(ranker, diff, low, 0.5), trainedOn });

  it('never switches to a ranker trained on the queries, and says why', () => {
    const result = recommendRanker([baseline, standing('hybrid', 0.011, -0.005, 0.5), trained('rerank', 0.008, 0, 111), trained('rerank-glove', 0.031, 0.012, 111)], enough);
    expect(result.recommended).toBe('bm25f');
    expect(result.reason).toBe(
      'keep bm25f: no ranker compared fairly beat it beyond noise; the best of the others, hybrid, differs by +1.1 Recall@5 points (95% interval −0.5 to +2.7 points, which includes 0); rerank and rerank-glove were trained on 111 of these queries, so they are not compared fairly and cannot be chosen',
    );
    // A fair ranker above 0 is still chosen over an in-sample one that is better still.
    const fair = recommendRanker([baseline, standing('hybrid', 0.03, 0.01, 0.5), trained('rerank-glove', 0.06, 0.03, 20)], enough);
    expect(fair.recommended).toBe('hybrid');
    expect(fair.reason).toMatch(/^switch to hybrid: .*; rerank-glove was trained on 20 of these queries, so it is not compared fairly and cannot be chosen$/);
    // Only in-sample rankers besides the baseline: none could be compared.
    expect(recommendRanker([baseline, trained('rerank', 0.06, 0.03, 1_200)], enough).reason).toBe('keep bm25f: no other ranker could be compared; rerank was trained on 1,200 of these queries, so it is not compared fairly and cannot be chosen');
  });

  it('says an in-sample baseline has inflated figures', () => {
    const result = recommendRanker([trained('rerank', 0, 0, 111), standing('bm25f', -0.008, -0.02, 0.2)], enough);
    expect(result.recommended).toBe('rerank');
    expect(result.reason).toContain('; rerank, the baseline, was trained on 111 of these queries, so its figures are inflated');
    // Without trainedOn, nothing changes.
    expect(recommendRanker([baseline, standing('rerank-glove', 0.031, 0.012, 0.5)], enough).recommended).toBe('rerank-glove');
  });

  it('names no fair ranker when the baseline failed and every ranker that answered is in-sample', () => {
    const result = recommendRanker([{ ...standing('plug', 0, 0, 0.1, 5), recall: 0 }, trained('rerank', 0.7, 0.6, 50)], enough);
    expect(result.recommended).toBe('plug');
    expect(result.reason).toBe('no ranker that answered every query can be chosen (plug failed 5 queries; rerank was trained on 50 of these queries, so it is not compared fairly and cannot be chosen), so none can be recommended; plug, the baseline, is named until one does');
  });
});
