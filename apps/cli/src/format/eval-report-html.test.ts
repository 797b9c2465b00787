import { describe, expect, it } from 'vitest';
import type { ComparedRanker, EvalComparison } from '../commands/eval-comparison.js';
import { renderEvalReport } from './eval-report-html.js';

const row = (ranker: string, recall: number, extra: Partial<ComparedRanker> = {}): ComparedRanker => ({
  ranker,
  'recall@5': recall,
  'ndcg@5': recall,
  'mrr@10': recall,
  p50Ms: 0.2,
  p99Ms: 0.9,
  buildMs: 5,
  failedQueries: 0,
  vsBaseline: { 'recall@5': { diff: recall - 0.9, low: recall - 0.92, high: recall - 0.88 } },
  ...extra,
});
const comparison = (rankers: readonly ComparedRanker[], reason = 'keep bm25f: no ranker beat it beyond noise'): EvalComparison => ({
  set: 'data',
  tools: 300,
  queries: 40,
  baseline: 'bm25f',
  rankers,
  recommended: 'bm25f',
  reason,
});

describe('renderEvalReport', () => {
  it('marks in-sample rankers and states the caveat under the verdict', () => {
    const page = renderEvalReport(comparison([row('bm25f', 0.9), row('rerank-glove', 0.93)]), {
      latencies: { bm25f: [0.1, 0.2], 'rerank-glove': [0.3, 0.4] },
      misses: {},
      inSample: { rankers: ['rerank-glove'], trained: 40, total: 40 },
    });
    expect(page).toContain('<div class="verdict caveat">In-sample: rerank-glove runs a model trained on 40 of the 40 queries (100%); compare it on queries of your own.</div>');
    expect(page).toContain('<td data-label="ranker">rerank-glove <span class="tag">in-sample</span></td>');
    expect(page).toContain('<h3>rerank-glove <span class="tag">in-sample</span>: Recall@5');
    expect(page).not.toContain('<td data-label="ranker">bm25f <span class="tag">');
    // Without in-sample rankers, no caveat.
    expect(renderEvalReport(comparison([row('bm25f', 0.9), row('hybrid', 0.91)]), { latencies: {}, misses: {} })).not.toContain('in-sample');
  });

  it('shows no worst-queries section for a ranker without misses given (--misses 0)', () => {
    const rankers = [row('bm25f', 0.9), row('hybrid', 0.91)];
    expect(renderEvalReport(comparison(rankers), { latencies: {}, misses: {} })).not.toContain('Worst queries');
    const page = renderEvalReport(comparison(rankers), { latencies: {}, misses: { bm25f: [], hybrid: [] } });
    expect(page.match(/Worst queries \(0\)/g)).toHaveLength(2);
  });

  it('shows a ranker that failed every query with "—", its error, and no histogram or misses; the latency axis ignores it', () => {
    const broken = row('badindex', 0, {
      p50Ms: 0,
      p99Ms: 0,
      buildMs: 0,
      failedQueries: 40,
      firstError: { code: 'ranker-failed', message: 'ranker "badindex" failed while indexing: <no vectors>' },
    });
    const page = renderEvalReport(comparison([row('bm25f', 0.9), broken]), {
      latencies: { bm25f: [0.2, 0.4, 3], badindex: Array.from({ length: 40 }, () => 0) },
      misses: { bm25f: [], badindex: [] },
    });
    expect(page).toContain('<tr><td data-label="ranker">badindex</td><td data-label="Recall@5">0.0</td><td data-label="vs bm25f">every query failed</td><td data-label="NDCG@5">0.0</td><td data-label="MRR@10">0.0</td><td data-label="p50 ms">—</td><td data-label="p99 ms">—</td><td data-label="build ms">—</td><td data-label="failed" class="failed">40</td></tr>');
    const card = page.slice(page.indexOf('<h3>badindex'), page.indexOf('</section>', page.indexOf('<h3>badindex')));
    expect(card).toContain('Every query failed: ranker &quot;badindex&quot; failed while indexing: &lt;no vectors&gt; [ranker-failed]');
    expect(card).toContain('Latency: —');
    expect(card).not.toContain('<svg');
    expect(card).not.toContain('Worst queries');
    // One histogram (bm25f's), its axis from its own fastest query, not from the failed ranker's 0 ms.
    expect(page.match(/aria-label="latency histogram from 0\.200 to 3\.000 ms"/g)).toHaveLength(1);
  });

  it('states the --feedback overlap warning under the verdict, as the in-sample caveat', () => {
    const warning = '4 of the 35 queries of q.jsonl (11%) are searches fb.jsonl holds (the same query text, at any time): the figures <overstate> it';
    const page = renderEvalReport(comparison([row('bm25f', 0.9)]), { latencies: {}, misses: {}, overlapWarning: warning });
    expect(page).toContain('<div class="verdict caveat">4 of the 35 queries of q.jsonl (11%) are searches fb.jsonl holds (the same query text, at any time): the figures &lt;overstate&gt; it.</div>');
    expect(renderEvalReport(comparison([row('bm25f', 0.9)]), { latencies: {}, misses: {} })).not.toContain('caveat"');
  });
});
