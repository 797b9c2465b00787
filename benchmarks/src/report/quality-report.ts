import { renderBarChart } from '../svg-bar-chart.js';
import type { QualityRun } from './quality-run.js';
import { formatMs, formatPoints, markdownTable } from './format.js';

/** File names of the charts `renderQualityReport` links to, next to `report.md`. */
export const QUALITY_CHARTS = { recall: 'recall-at-5.svg', latency: 'latency-p50.svg' } as const;

/** The rendered quality report: Markdown plus the SVG charts it links to. */
export interface QualityReport {
  readonly markdown: string;
  /** SVG documents by file name (see {@link QUALITY_CHARTS}). */
  readonly charts: Readonly<Record<string, string>>;
}

/** What the report says about how it was made. */
export interface QualityReportContext {
  readonly dataDir: string;
  readonly split: string;
  readonly nodeVersion: string;
  readonly generatedAt: string;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function lookup(runs: readonly QualityRun[], set: string, ranker: string): QualityRun | undefined {
  return runs.find((run) => run.set === set && run.ranker === ranker);
}

/** Tables per metric (rankers × sets), latency tables, two SVG bar charts and notes on failures. */
export function renderQualityReport(runs: readonly QualityRun[], context: QualityReportContext): QualityReport {
  const sets = unique(runs.map((run) => run.set));
  const rankers = unique(runs.map((run) => run.ranker));
  const cell = (set: string, ranker: string, pick: (run: NonNullable<QualityRun['result']>) => string): string => {
    const run = lookup(runs, set, ranker);
    return run?.result === undefined ? '—' : pick(run.result);
  };
  const table = (pick: (result: NonNullable<QualityRun['result']>) => string): string =>
    markdownTable(
      ['ranker', ...sets],
      rankers.map((ranker) => [ranker, ...sets.map((set) => cell(set, ranker, pick))]),
    );
  const series = (pick: (result: NonNullable<QualityRun['result']>) => number) =>
    rankers.map((ranker) => ({
      name: ranker,
      values: sets.map((set) => {
        const result = lookup(runs, set, ranker)?.result;
        return result === undefined ? null : pick(result);
      }),
    }));
  const charts = {
    [QUALITY_CHARTS.recall]: renderBarChart({
      title: `Recall@5 by set and ranker (${context.split})`,
      categories: sets,
      series: series((result) => result['recall@5'] * 100),
      valueLabel: 'Recall@5 (%)',
      maxValue: 100,
    }),
    [QUALITY_CHARTS.latency]: renderBarChart({
      title: 'Median query latency by set and ranker',
      categories: sets,
      series: series((result) => result.p50Ms),
      valueLabel: 'p50 latency (ms)',
      format: formatMs,
    }),
  };
  const sizes = sets.map((set) => {
    const result = runs.find((run) => run.set === set && run.result !== undefined)?.result;
    return result === undefined ? `\`${set}\`` : `\`${set}\` (${result.tools.toLocaleString('en-US')} tools, ${result.queries} queries)`;
  });
  const notes = runs.flatMap((run) => {
    if (run.error !== undefined) return [`- \`${run.ranker}\` on \`${run.set}\`: not run: ${run.error}`];
    if (run.result !== undefined && run.result.failedQueries > 0) {
      return [`- \`${run.ranker}\` on \`${run.set}\`: ${run.result.failedQueries} queries threw and were scored as empty (first: ${run.result.firstError ?? 'unknown'})`];
    }
    return [];
  });
  const markdown = [
    '# Retrieval quality',
    '',
    `Generated ${context.generatedAt} on Node ${context.nodeVersion} from \`${context.dataDir}\`, split \`${context.split}\`.`,
    `Sets: ${sizes.join(', ')}.`,
    'Metrics in percentage points, averaged over queries (definitions in `@loadout/eval`): Recall@5 counts gold groups found in the top 5; NDCG@5 uses binary gains, one per newly credited group; MRR@10 takes the first gold tool within the top 10. Gold labels are incomplete, so all figures are lower bounds.',
    '',
    '## Recall@5',
    '',
    table((result) => formatPoints(result['recall@5'])),
    '',
    `![Recall@5 by set and ranker](${QUALITY_CHARTS.recall})`,
    '',
    '## NDCG@5',
    '',
    table((result) => formatPoints(result['ndcg@5'])),
    '',
    '## MRR@10',
    '',
    table((result) => formatPoints(result['mrr@10'])),
    '',
    '## Query latency p50 / p99 (ms)',
    '',
    table((result) => `${formatMs(result.p50Ms)} / ${formatMs(result.p99Ms)}`),
    '',
    `![Median query latency by set and ranker](${QUALITY_CHARTS.latency})`,
    '',
    '## Index build (ms)',
    '',
    table((result) => formatMs(result.buildMs)),
    '',
    ...(notes.length > 0 ? ['## Notes', '', ...notes, ''] : []),
  ].join('\n');
  return { markdown, charts };
}
