import { describe, expect, it } from 'vitest';
import { describeMiss, renderComparison, renderMisses } from './comparison-view.js';

describe('describeMiss', () => {
  const miss = { id: 'q:1', query: 'storm warning', relevant: ['get_forecast', 'get_alerts', 'get_radar'] };
  it('names what came first, and the expected tools the top 5 lacks when the first was expected', () => {
    expect(describeMiss({ ...miss, got: ['post_message', 'get_forecast'] })).toBe('expected get_forecast, get_alerts, get_radar; first: post_message');
    expect(describeMiss({ ...miss, got: ['get_forecast', 'post_message', 'get_radar'] })).toBe('expected get_forecast, get_alerts, get_radar; first: get_forecast, missed get_alerts');
    expect(describeMiss({ ...miss, got: [] })).toBe('expected get_forecast, get_alerts, get_radar; first: nothing');
  });

  it('says a query whose search failed failed, with its code, not that nothing came first', () => {
    const error = { code: 'ranker-timeout', message: 'the search took over 5000 ms' };
    expect(describeMiss({ ...miss, got: [], error })).toBe('expected get_forecast, get_alerts, get_radar; failed: the search took over 5000 ms [ranker-timeout]');
  });

  it('reads any-of groups as the metrics count them: a group is missed only when none of it came', () => {
    const grouped = { ...miss, groups: [['get_forecast', 'get_alerts'], ['get_radar']] };
    expect(describeMiss({ ...grouped, got: ['get_forecast', 'post_message'] })).toBe('expected (get_forecast or get_alerts), get_radar; first: get_forecast, missed get_radar');
    expect(describeMiss({ ...grouped, got: ['get_radar', 'post_message'] })).toBe('expected (get_forecast or get_alerts), get_radar; first: get_radar, missed (get_forecast or get_alerts)');
  });
});

describe('renderComparison', () => {
  it('shows no interval or timings for a ranker that answered no query', () => {
    const row = (ranker: string, failedQueries: number) => ({
      ranker,
      'recall@5': failedQueries === 0 ? 0.5 : 0,
      'ndcg@5': 0.5,
      'mrr@10': 0.5,
      p50Ms: failedQueries === 0 ? 0.25 : 0,
      p99Ms: 1,
      buildMs: failedQueries === 0 ? 12 : 0,
      failedQueries,
      vsBaseline: { 'recall@5': { diff: -0.5, low: -0.6, high: -0.4 } },
    });
    const text = renderComparison({ set: 's', tools: 3, queries: 4, baseline: 'bm25f', rankers: [row('bm25f', 0), row('broken', 4)], recommended: 'bm25f', reason: 'keep bm25f' });
    const broken = text.split('\n').find((line) => line.startsWith('broken'))!;
    expect(broken).toMatch(/^broken\s+0\.0\s+every query failed\s+50\.0\s+50\.0\s+—\s+—\s+—\s+4$/);
    expect(text.split('\n').find((line) => line.startsWith('bm25f'))).toMatch(/0\.25\s+1\.0\s+12\s+0$/);
    // A ranker run with options is labelled with them.
    const tuned = renderComparison({ set: 's', tools: 3, queries: 4, baseline: 'bm25f', rankers: [{ ...row('bm25f', 0), options: { k1: 1 } }, row('wink', 0)], recommended: 'bm25f', reason: 'keep bm25f' });
    expect(tuned).toMatch(/\nbm25f \{k1: 1\}\s+50\.0\s+baseline/);
  });
});

describe('renderMisses', () => {
  const miss = (id: string) => ({ id, query: `query ${id}`, relevant: ['get_forecast'], got: ['post_message'] });
  it('says how many missed when fewer than asked', () => {
    expect(renderMisses('bm25f', [miss('q1'), miss('q2')], 3).split('\n')[0]).toBe('Worst queries, bm25f (2 of 3 asked: only 2 queries missed):');
    expect(renderMisses('bm25f', [miss('q1')], 5).split('\n')[0]).toBe('Worst queries, bm25f (1 of 5 asked: only 1 query missed):');
    expect(renderMisses('bm25f', [miss('q1'), miss('q2')], 2).split('\n')[0]).toBe('Worst queries, bm25f:');
    expect(renderMisses('bm25f', [], 2)).toBe('Worst queries, bm25f: none missed an expected tool in the top 5\n');
  });
});
