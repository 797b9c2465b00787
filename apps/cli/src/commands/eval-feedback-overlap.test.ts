import { describe, expect, it } from 'vitest';
import { countSharedQueries, feedbackOverlap } from './eval-feedback-overlap.js';

describe('countSharedQueries', () => {
  it('counts the queries whose text the feedback holds, trimmed, whatever their times or tools', () => {
    expect(countSharedQueries(['b', ' c '], ['a', 'b ', 'c'])).toEqual({ shared: 2, total: 2 });
    expect(countSharedQueries(['B', 'd'], ['a', 'b'])).toEqual({ shared: 0, total: 2 });
    expect(countSharedQueries([], ['a'])).toEqual({ shared: 0, total: 0 });
  });
});

describe('feedbackOverlap', () => {
  const names = { queries: 'new.jsonl', feedback: 'old.jsonl' };

  it('warns from 10% of the queries on, naming both files and the share', () => {
    const queries = Array.from({ length: 10 }, (_, index) => `q${index}`);
    expect(feedbackOverlap(queries, ['q0'], names).warning).toMatch(/^1 of the 10 queries of new\.jsonl \(10%\) are searches old\.jsonl holds \(the same query text, at any time\): .*overstate it/);
    expect(feedbackOverlap(queries, ['x'], names)).toEqual({ shared: 0, total: 10 });
    expect(feedbackOverlap([...queries, 'q10'], ['q0'], names)).toEqual({ shared: 1, total: 11 });
  });
});
