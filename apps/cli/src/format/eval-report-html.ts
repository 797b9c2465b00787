import { signedPoints } from '@loadout/eval';
import type { LearningReport } from '@loadout/learn';
import type { EvalComparison, EvalMiss } from '../commands/eval-comparison.js';
import type { FeedbackSkips } from '../io/read-feedback-file.js';
import { EVAL_REPORT_GENERATOR } from '../io/eval-report-file.js';
import { inSampleCaveat, type InSample } from '../commands/eval-in-sample.js';
import { describeMiss } from './comparison-view.js';
import { countOf } from './count-of.js';
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
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
const percent = (value: number): string => (value * 100).toFixed(1);
const ms = (value: number): string => value.toFixed(value < 10 ? 3 : 1);
const sentence = (text: string): string => `${text[0]!.toUpperCase()}${text.slice(1)}`;

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
`;

/** A bar from −scale to +scale with the interval drawn on it and 0 marked. */
function intervalSvg(low: number, diff: number, high: number, scale: number): string {
  const x = (value: number): number => 50 + (Math.max(-scale, Math.min(scale, value)) / scale) * 48;
  const colour = signedPoints(low).startsWith('+') ? 'var(--good)' : signedPoints(high).startsWith('−') ? 'var(--bad)' : 'var(--bar)';
  return `<svg class="interval" viewBox="0 0 100 14" preserveAspectRatio="none" role="img" aria-label="Recall@5 difference ${signedPoints(diff)} points, 95% interval ${signedPoints(low)} to ${signedPoints(high)}">
<line x1="50" y1="0" x2="50" y2="14" stroke="var(--muted)" stroke-width="0.3"/>
<rect x="${x(low).toFixed(2)}" y="5" width="${Math.max(0.4, x(high) - x(low)).toFixed(2)}" height="4" fill="${colour}" opacity="0.45"/>
<rect x="${(x(diff) - 0.4).toFixed(2)}" y="2" width="0.8" height="10" fill="${colour}"/>
</svg>
<div style="display:flex;justify-content:space-between;color:var(--muted);font-size:12px"><span>${signedPoints(-scale)} points</span><span>0</span><span>${signedPoints(scale)} points</span></div>`;
}

/** A histogram of latencies over log-spaced buckets, as an inline SVG that scales to its box. */
function latencySvg(latencies: readonly number[], lowest: number, highest: number): string {
  const buckets = 24;
  const floor = Math.log10(Math.max(lowest, 1e-4));
  const span = Math.max(1e-9, Math.log10(Math.max(highest, 1e-4)) - floor);
  const counts = new Array<number>(buckets).fill(0);
  for (const value of latencies) {
    const position = Math.floor(((Math.log10(Math.max(value, 1e-4)) - floor) / span) * buckets);
    counts[Math.min(buckets - 1, Math.max(0, position))]!++;
  }
  const most = Math.max(1, ...counts);
  const bars = counts
    .map((count, index) => {
      const height = (count / most) * 40;
      return count === 0 ? '' : `<rect x="${(index * (100 / buckets) + 0.3).toFixed(2)}" y="${(44 - height).toFixed(2)}" width="${(100 / buckets - 0.6).toFixed(2)}" height="${height.toFixed(2)}" fill="var(--bar)"/>`;
    })
    .join('');
  return `<svg class="interval" style="height:64px" viewBox="0 0 100 56" preserveAspectRatio="none" role="img" aria-label="latency histogram from ${ms(lowest)} to ${ms(highest)} ms">${bars}<line x1="0" y1="44.5" x2="100" y2="44.5" stroke="var(--line)" stroke-width="0.3"/></svg>
<div style="display:flex;justify-content:space-between;color:var(--muted);font-size:12px"><span>${ms(lowest)} ms</span><span>log scale</span><span>${ms(highest)} ms</span></div>`;
}

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
      : `<p class="meta">${escape(caption[0]!.toUpperCase() + caption.slice(1))}</p>
<div class="scroll"><table>
<thead><tr><th>ranker</th><th>Recall@5</th><th>NDCG@5</th><th>MRR@10</th></tr></thead>
<tbody>
${rows.map(({ label, scores }) => `<tr><td>${escape(label)}</td><td>${percent(scores['recall@5'])}</td><td>${percent(scores['ndcg@5'])}</td><td>${percent(scores['mrr@10'])}</td></tr>`).join('\n')}
</tbody>
</table></div>`;
  return `<h2>Learning from feedback</h2>
<div class="verdict"><strong>${escape(verdict[0]!.toUpperCase() + verdict.slice(1))}.</strong> ${escape(source)}</div>
${table}`;
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/**
 * `loadout eval --report FILE.html`: one self-contained page (inline CSS
 * and SVG, no script, no external resource) with each ranker's Recall@5
 * and its 95% interval against the baseline, the metrics table, the
 * latency distribution and the worst queries. Every value from the user's
 * files is escaped. Readable from phone width (390 px: the table scrolls
 * in its box, everything else wraps) to desktop.
 */
export function renderEvalReport(comparison: EvalComparison, details: EvalReportDetails): string {
  const scale = Math.max(0.02, ...comparison.rankers.flatMap((row) => [Math.abs(row.vsBaseline['recall@5'].low), Math.abs(row.vsBaseline['recall@5'].high)])) * 1.1;
  const all = Object.values(details.latencies).flat();
  const lowest = all.length === 0 ? 0.001 : Math.min(...all);
  const highest = all.length === 0 ? 1 : Math.max(...all);
  const tag = (ranker: string): string => (details.inSample?.rankers.includes(ranker) === true ? ' <span class="tag">in-sample</span>' : '');
  const caveat = details.inSample === undefined ? '' : `\n<div class="verdict caveat">${escape(sentence(inSampleCaveat(details.inSample)))}.</div>`;
  const rows = comparison.rankers
    .map(
      (row) => `<tr><td>${escape(row.ranker)}${tag(row.ranker)}</td><td>${percent(row['recall@5'])}</td><td>${row.ranker === comparison.baseline ? 'baseline' : `${signedPoints(row.vsBaseline['recall@5'].diff)} (${signedPoints(row.vsBaseline['recall@5'].low)} to ${signedPoints(row.vsBaseline['recall@5'].high)})`}</td><td>${percent(row['ndcg@5'])}</td><td>${percent(row['mrr@10'])}</td><td>${ms(row.p50Ms)}</td><td>${ms(row.p99Ms)}</td><td>${row.buildMs.toFixed(0)}</td><td${row.failedQueries > 0 ? ' class="failed"' : ''}>${row.failedQueries}</td></tr>`,
    )
    .join('\n');
  const cards = comparison.rankers
    .map((row) => {
      const vs = row.vsBaseline['recall@5'];
      const sorted = [...(details.latencies[row.ranker] ?? [])].sort((a, b) => a - b);
      const misses = details.misses[row.ranker];
      const missList =
        misses === undefined
          ? ''
          : misses.length === 0
          ? '<p class="meta">No query missed an expected tool in the top 5.</p>'
          : misses
              .map(
                (miss) =>
                  `<div class="miss"><div class="q">${escape(miss.query)}</div><div class="names">${escape(miss.id)} · ${escape(describeMiss(miss))}</div></div>`,
              )
              .join('\n');
      return `<section class="ranker-card">
<h3>${escape(row.ranker)}${tag(row.ranker)}: Recall@5 ${percent(row['recall@5'])}${row.ranker === comparison.baseline ? ' (baseline)' : ` · ${signedPoints(vs.diff)} points vs ${escape(comparison.baseline)} (95% interval ${signedPoints(vs.low)} to ${signedPoints(vs.high)})`}</h3>
${row.ranker === comparison.baseline ? '' : intervalSvg(vs.low, vs.diff, vs.high, scale)}
<p class="meta">Latency: p50 ${ms(percentile(sorted, 0.5))} ms · p90 ${ms(percentile(sorted, 0.9))} ms · p99 ${ms(percentile(sorted, 0.99))} ms · max ${ms(sorted.at(-1) ?? 0)} ms</p>
${latencySvg(sorted, lowest, highest)}
${misses === undefined ? '' : `<details${misses.length > 0 ? ' open' : ''}><summary>Worst queries (${misses.length})</summary>
${missList}
</details>`}
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${EVAL_REPORT_GENERATOR}
<title>loadout eval: ${escape(comparison.set)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>loadout eval: ${escape(comparison.set)}</h1>
<p class="meta">${countOf(comparison.queries, 'query', 'queries')} over ${countOf(comparison.tools, 'tool')} · baseline ${escape(comparison.baseline)} · intervals are paired bootstrap 95% intervals of the per-query Recall@5 difference</p>
<div class="verdict"><strong>Recommended: ${escape(comparison.recommended)}.</strong> ${escape(sentence(comparison.reason))}.</div>${caveat}
${details.learning === undefined ? '' : learningSection(details.learning)}
<h2>Rankers</h2>
<div class="scroll"><table>
<thead><tr><th>ranker</th><th>Recall@5</th><th>vs ${escape(comparison.baseline)}</th><th>NDCG@5</th><th>MRR@10</th><th>p50 ms</th><th>p99 ms</th><th>build ms</th><th>failed</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
<h2>Each ranker</h2>
${cards}
</main>
</body>
</html>
`;
}
