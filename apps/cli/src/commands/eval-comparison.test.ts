import { describe, expect, it } from 'vitest';
import type { EvalSet, EvaluationResult } from '@loadout/eval';
import { runMisses } from './eval-comparison.js';

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
});
