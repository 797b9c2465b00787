import { signedPoints } from '@loadout/eval';
import type { LearningReport } from '@loadout/learn';
import type { ComparedRanker, EvalComparison, EvalMiss } from '../commands/eval-comparison.js';
import type { FeedbackSkips } from '../io/read-feedback-file.js';
import { EVAL_REPORT_GENERATOR } from '../io/eval-report-file.js';
import { inSampleCaveat, type InSample } from '../commands/eval-in-sample.js';
import { answeredNone, rankerCard } from './eval-report-card.js';
import { escapeHtml, ms, percent, sentence } from './html-text.js';
import { countOf } from './count-of.js';
import { rankerLabel } from './ranker-label.js';
import { REPORT_TABLE_STYLE, reportTable, type ReportCell } from './report-table.js';
import { describeFeedbackSkips, learnedRankerName, learningComparison, learningVerdict } from './learning-view.js';

/** What `eval --feedback` learned first, for the report's learning section. */
export interface EvalReportLearning {
  /** The ranker learning built on, without "+ learned". */
  readonly ranker: string;
  readonly report: LearningReport;
  /** The --feedback file, as the command line names it. */
  readonly feedback: string;
  readonly events: number;
  readonly skips: FeedbackSkips;
}

/** What the report shows besides the comparison: each ranker's query latencies and worst queries, and what learning decided. */
export interface EvalReportDetails {
  /** Per ranker (by name), every query's latency in milliseconds. */
  readonly latencies: Readonly<Record<string, readonly number[]>>;
  /** Per ranker (by name), its worst queries; a ranker not in it has no worst-queries section. */
  readonly misses: Readonly<Record<string, readonly EvalMiss[]>>;
  /** With `--feedback`: the learning decision, why, and its held-out comparison. */
  readonly learning?: EvalReportLearning;
  /** The rankers scored on queries their model was trained on (the `eval-in-sample` warning's): marked, with the caveat under the verdict. */
  readonly inSample?: InSample;
  /** The warning that `--feedback` holds many of the queries (`feedbackOverlap`), stated under the verdict as the in-sample caveat is. */
  readonly overlapWarning?: string;
}


const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #59636e; --line: #d1d9e0; --bar: #2f6feb; --good: #1a7f37; --bad: #cf222e; --bg: #fff; --card: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --bar: #4493f8; --good: #3fb950; --bad: #f85149; --bg: #0d1117; --card: #151b23; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1100px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
h2 { font-size: 1.15rem; margin: 32px 0 8px; }
p.meta { color: var(--muted); margin: 0 0 16px; }
.verdict { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { text-align: right; padding: 6px 8px; border-bottom: 1px solid var(--line); white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
.ranker-card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
.ranker-card h3 { margin: 0 0 8px; font-size: 1rem; overflow-wrap: anywhere; }
.interval { display: block; width: 100%; height: 28px; }
svg text { fill: var(--muted); font-size: 11px; }
.miss { border-top: 1px solid var(--line); padding: 8px 0; overflow-wrap: anywhere; }
.miss .q { font-weight: 600; }
.miss .names { color: var(--muted); font-size: 0.9em; }
.failed { color: var(--bad); }
.tag { font-size: 0.8em; font-weight: 400; color: var(--bad); border: 1px solid currentColor; border-radius: 4px; padding: 0 4px; margin-left: 4px; }
.caveat { border-color: var(--bad); margin-top: 8px; }
${REPORT_TABLE_STYLE}`;

/** The learning section: the decision and why (as the terminal says it), the feedback read, and the held-out comparison it rests on. */
function learningSection(learning: EvalReportLearning): string {
  const { report } = learning;
  const verdict = learningVerdict(report);
  const notes = describeFeedbackSkips(learning.skips);
  const source = `Learned first from ${learning.feedback}: ${countOf(learning.events, 'event')}${notes.length === 0 ? '' : ` (${notes.join(', ')})`}. ${
    report.enabled ? `Below, ${learnedRankerName(learning.ranker, report)} answered the queries.` : `Below, ${learning.ranker} answered the queries without usage.`
  }`;
  const { caption, rows } = learningComparison(report, learning.ranker);
  const table =
    rows.length === 0
      ? ''
      : `<p class="meta">${escapeHtml(caption[0]!.toUpperCase() + caption.slice(1))}</p>
${reportTable(
  ['ranker', 'Recall@5', 'NDCG@5', 'MRR@10'],
  rows.map(({ label, scores }) => [escapeHtml(label), percent(scores['recall@5']), percent(scores['ndcg@5']), percent(scores['mrr@10'])].map((html) => ({ html }))),
)}`;
  return `<h2>Learning from feedback</h2>
<div class="verdict"><strong>${escapeHtml(verdict[0]!.toUpperCase() + verdict.slice(1))}.</strong> ${escapeHtml(source)}</div>
${table}`;
}

/** A ranker's row of the table; one that failed every query shows "—" for its interval and timings, as the terminal does. */
function tableRow(row: ComparedRanker, comparison: EvalComparison, tag: string): ReportCell[] {
  const vs = row.vsBaseline['recall@5'];
  const none = answeredNone(row, comparison.queries);
  const versus = row.ranker === comparison.baseline ? 'baseline' : none ? 'every query failed' : `${signedPoints(vs.diff)} (${signedPoints(vs.low)} to ${signedPoints(vs.high)})`;
  const timings = none ? ['—', '—', '—'] : [ms(row.p50Ms), ms(row.p99Ms), row.buildMs.toFixed(0)];
  const cells = [`${escapeHtml(rankerLabel(row))}${tag}`, percent(row['recall@5']), versus, percent(row['ndcg@5']), percent(row['mrr@10']), ...timings].map((html) => ({ html }));
  return [...cells, { html: String(row.failedQueries), ...(row.failedQueries > 0 ? { className: 'failed' } : {}) }];
}

/**
 * `loadout eval --report FILE.html`: one self-contained page (inline CSS
 * and SVG, no script, no external resource) with each ranker's Recall@5
 * and its 95% interval against the baseline, the metrics table, the
 * latency distribution and the worst queries. Every value from the user's
 * files is escaped. Readable from phone width (390 px: each table row is a
 * card of labelled lines, everything else wraps) to desktop.
 */
export function renderEvalReport(comparison: EvalComparison, details: EvalReportDetails): string {
  const answered = comparison.rankers.filter((row) => !answeredNone(row, comparison.queries));
  const scale = Math.max(0.02, ...answered.flatMap((row) => [Math.abs(row.vsBaseline['recall@5'].low), Math.abs(row.vsBaseline['recall@5'].high)])) * 1.1;
  // One latency axis for every card, drawn from the rankers that answered: one that failed every query (0 ms) would squash the rest.
  const all = answered.flatMap((row) => details.latencies[row.ranker] ?? []);
  const lowest = all.length === 0 ? 0.001 : Math.min(...all);
  const highest = all.length === 0 ? 1 : Math.max(...all);
  const tag = (ranker: string): string => (details.inSample?.rankers.includes(ranker) === true ? ' <span class="tag">in-sample</span>' : '');
  const caveats = [details.inSample === undefined ? undefined : inSampleCaveat(details.inSample), details.overlapWarning].filter((text): text is string => text !== undefined);
  const caveat = caveats.map((text) => `\n<div class="verdict caveat">${escapeHtml(sentence(text))}.</div>`).join('');
  const rows = comparison.rankers.map((row) => tableRow(row, comparison, tag(row.ranker)));
  const cards = comparison.rankers
    .map((row) =>
      rankerCard(row, {
        baseline: comparison.baseline,
        queries: comparison.queries,
        scale,
        lowest,
        highest,
        latencies: details.latencies[row.ranker] ?? [],
        misses: details.misses[row.ranker],
        tag: tag(row.ranker),
      }),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${EVAL_REPORT_GENERATOR}
<title>loadout eval: ${escapeHtml(comparison.set)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>loadout eval: ${escapeHtml(comparison.set)}</h1>
<p class="meta">${countOf(comparison.queries, 'query', 'queries')} over ${countOf(comparison.tools, 'tool')} · baseline ${escapeHtml(comparison.baseline)} · intervals are paired bootstrap 95% intervals of the per-query Recall@5 difference</p>
<div class="verdict"><strong>Recommended: ${escapeHtml(comparison.recommended)}.</strong> ${escapeHtml(sentence(comparison.reason))}.</div>${caveat}
${details.learning === undefined ? '' : learningSection(details.learning)}
<h2>Rankers</h2>
${reportTable(['ranker', 'Recall@5', `vs ${comparison.baseline}`, 'NDCG@5', 'MRR@10', 'p50 ms', 'p99 ms', 'build ms', 'failed'], rows)}
<h2>Each ranker</h2>
${cards}
</main>
</body>
</html>
`;
}
