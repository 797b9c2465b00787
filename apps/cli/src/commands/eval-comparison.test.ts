import { describe, expect, it } from 'vitest';
import type { EvalSet, EvaluationResult } from '@loadout/eval';
import { compareRuns, runMisses } from './eval-comparison.js';
import type { RankerRun } from './eval-comparison.js';

describe('runMisses', () => {
  it('carries a query any-of groups for the text, and keeps --json to the contract keys', () => {
    const evalSet: EvalSet = {
      name: 'groups',
      tools: [],
      queries: [{ id: 'q1', query: 'weather in paris', relevant: ['a', 'b', 'c'], relevantGroups: [['a', 'b'], ['c']] }],
    };
    const scores = { 'recall@5': 0.5, 'ndcg@5': 0.6, 'mrr@10': 1 };
    const run = { ranker: 'bm25f', result: {} as EvaluationResult, outcomes: [{ index: 0, scores, got: ['a', 'x'], ms: 1 }] };
    const [miss] = runMisses(run, evalSet, 3);
    expect(miss!.groups).toEqual([['a', 'b'], ['c']]);
    expect(JSON.parse(JSON.stringify(miss))).toEqual({ id: 'q1', query: 'weather in paris', relevant: ['a', 'b', 'c'], got: ['a', 'x'] });
  });

  it('carries a failed query\'s error, split into its code and message (an added key)', () => {
    const evalSet: EvalSet = { name: 'failed', tools: [], queries: [{ id: 'q1', query: 'weather in paris', relevant: ['a'] }] };
    const scores = { 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0 };
    const run = { ranker: 'slow', result: {} as EvaluationResult, outcomes: [{ index: 0, scores, got: [], ms: 5000, error: 'the search took over 5000 ms [ranker-timeout]' }] };
    expect(JSON.parse(JSON.stringify(runMisses(run, evalSet, 1)))).toEqual([
      { id: 'q1', query: 'weather in paris', relevant: ['a'], got: [], error: { code: 'ranker-timeout', message: 'the search took over 5000 ms' } },
    ]);
  });
});

describe('compareRuns', () => {
  const queries = Array.from({ length: 40 }, (_, index) => ({ id: `q${index}`, query: `query ${index}`, relevant: ['a'] }));
  const evalSet: EvalSet = { name: 'timed', tools: [], queries };
  /** A run that finds the gold on `hits` of the 40 queries, each in `ms(i)` milliseconds. */
  const run = (ranker: string, hits: number, ms: (index: number) => number): RankerRun => {
    const outcomes = queries.map((_, index) => {
      const found = index < hits ? 1 : 0;
      return { index, scores: { 'recall@5': found, 'ndcg@5': found, 'mrr@10': found }, got: [], ms: ms(index) };
    });
    const p50Ms = [...outcomes.map((outcome) => outcome.ms)].sort((a, b) => a - b)[19]!;
    const result = { 'recall@5': hits / 40, 'ndcg@5': hits / 40, 'mrr@10': hits / 40, queries: 40, p50Ms, p99Ms: p50Ms, buildMs: 1, tools: 1, failedQueries: 0 };
    return { ranker, result, outcomes };
  };

  it('breaks a near-tie by each query\'s latency, in either order, and keeps the JSON keys of the contract', () => {
    const base = run('bm25f', 20, () => 0.1);
    // 36 and 37 of 40 found: one query apart, both far above the baseline.
    const fast = run('rerank', 36, () => 0.4);
    const slow = run('rerank-glove', 37, (index) => (index % 2 === 0 ? 0.9 : 0.7));
    for (const order of [[base, fast, slow], [base, slow, fast]]) expect(compareRuns(order, evalSet).recommended).toBe('rerank');
    // Slower by median, but not on every query: the higher mean stays.
    const mixed = run('rerank-glove', 37, (index) => (index % 2 === 0 ? 0.9 : 0.3));
    for (const order of [[base, fast, mixed], [base, mixed, fast]]) expect(compareRuns(order, evalSet).recommended).toBe('rerank-glove');
    const comparison = compareRuns([base, fast, slow], evalSet);
    expect(Object.keys(comparison)).toEqual(['set', 'tools', 'queries', 'baseline', 'rankers', 'recommended', 'reason']);
    expect(Object.keys(comparison.rankers[1]!)).toEqual(['ranker', 'recall@5', 'ndcg@5', 'mrr@10', 'p50Ms', 'p99Ms', 'buildMs', 'failedQueries', 'vsBaseline']);
  });

  it('never recommends the rankers the in-sample warning names, and says why, keeping the JSON keys', () => {
    const base = run('bm25f', 20, () => 0.1);
    const glove = run('rerank-glove', 36, () => 0.4);
    const inSample = { rankers: ['rerank-glove'], trained: 40, total: 40 };
    expect(compareRuns([base, glove], evalSet).recommended).toBe('rerank-glove');
    const comparison = compareRuns([base, glove], evalSet, undefined, inSample);
    expect(comparison.recommended).toBe('bm25f');
    expect(comparison.reason).toBe('keep bm25f: no other ranker could be compared; rerank-glove was trained on 40 of these queries, so it is not compared fairly and cannot be chosen');
    expect(Object.keys(comparison)).toEqual(['set', 'tools', 'queries', 'baseline', 'rankers', 'recommended', 'reason']);
    // The contract's keys, then inSample (decision 3465) on the in-sample ranker's row only.
    expect(Object.keys(comparison.rankers[1]!)).toEqual(['ranker', 'recall@5', 'ndcg@5', 'mrr@10', 'p50Ms', 'p99Ms', 'buildMs', 'failedQueries', 'vsBaseline', 'inSample']);
    expect(Object.keys(comparison.rankers[0]!)).not.toContain('inSample');
    // An in-sample baseline: its figures are called inflated.
    const inflated = compareRuns([glove, base], evalSet, undefined, inSample);
    expect(inflated.reason).toContain('rerank-glove, the baseline, was trained on 40 of these queries, so its figures are inflated');
  });

  it('draws a repeated query text once: 15 copies of a set cannot narrow the interval or turn a keep into a switch', () => {
    const base = run('bm25f', 20, () => 0.1);
    // One query apart on 40 (2.5 points): within noise.
    const other = run('hybrid', 21, () => 0.1);
    const once = compareRuns([base, other], evalSet);
    expect(once.recommended).toBe('bm25f');
    const copies = 15;
    const repeated: EvalSet = { name: 'repeated', tools: [], queries: Array.from({ length: copies }, (_, copy) => queries.map((query) => ({ ...query, id: `${query.id}-${copy}` }))).flat() };
    const repeat = (single: RankerRun): RankerRun => ({
      ...single,
      outcomes: Array.from({ length: copies }, (_, copy) => single.outcomes.map((outcome) => ({ ...outcome, index: outcome.index + copy * 40 }))).flat(),
    });
    const fifteen = compareRuns([repeat(base), repeat(other)], repeated);
    expect(fifteen.rankers[1]!.vsBaseline).toEqual(once.rankers[1]!.vsBaseline);
    expect(fifteen.recommended).toBe('bm25f');
    expect(fifteen.reason).toBe(once.reason);
  });

  it('marks an in-sample ranker in its row, an additive key', () => {
    const comparison = compareRuns([run('bm25f', 20, () => 0.1), run('rerank', 36, () => 0.4)], evalSet, undefined, { rankers: ['rerank'], trained: 40, total: 40 });
    expect(comparison.rankers.map((row) => row.inSample)).toEqual([undefined, true]);
    expect(Object.keys(comparison.rankers[1]!).at(-1)).toBe('inSample');
  });
});
