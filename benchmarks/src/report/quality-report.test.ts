import { describe, expect, it } from 'vitest';
import type { EvaluationResult } from '@loadout/eval';
import { QUALITY_CHARTS, renderQualityReport } from './quality-report.js';

const result = (recall: number, p50Ms: number): EvaluationResult => ({
  'recall@5': recall,
  'ndcg@5': recall - 0.05,
  'mrr@10': recall + 0.05,
  queries: 10,
  p50Ms,
  p99Ms: p50Ms * 3,
  buildMs: 120,
  tools: 500,
  failedQueries: 0,
});

describe('renderQualityReport', () => {
  const report = renderQualityReport(
    [
      { set: 'alpha', ranker: 'bm25f', result: result(0.678, 0.07) },
      { set: 'beta', ranker: 'bm25f', result: result(0.5, 0.05) },
      { set: 'alpha', ranker: 'regex', result: { ...result(0.1, 1.5), failedQueries: 2, firstError: 'q1: bad pattern' } },
      { set: 'beta', ranker: 'regex', error: 'package missing' },
    ],
    { dataDir: '/data', split: 'dev', nodeVersion: 'v20', generatedAt: '2025-01-01T00:00:00Z' },
  );

  it('has one row per ranker and one column per set in each metric table', () => {
    expect(report.markdown).toContain('| ranker | alpha | beta |');
    expect(report.markdown).toContain('| bm25f | 67.8 | 50.0 |');
    expect(report.markdown).toContain('| regex | 10.0 | — |');
    expect(report.markdown).toContain('## NDCG@5');
    expect(report.markdown).toContain('| bm25f | 62.8 | 45.0 |');
  });

  it('links both charts and lists failures', () => {
    expect(Object.keys(report.charts).sort()).toEqual([QUALITY_CHARTS.latency, QUALITY_CHARTS.recall].sort());
    expect(report.markdown).toContain(`](${QUALITY_CHARTS.recall})`);
    expect(report.markdown).toContain('`regex` on `beta`: not run: package missing');
    expect(report.markdown).toContain('2 queries threw');
    expect(report.charts[QUALITY_CHARTS.recall]).toContain('>67.8</text>');
  });
});
