import { signedPoints } from '@loadout/eval';
import type { ComparedRanker, EvalMiss } from '../commands/eval-comparison.js';
import { describeMiss } from './comparison-view.js';
import { countOf } from './count-of.js';
import { intervalSvg, latencySvg } from './eval-report-charts.js';
import { escapeHtml, ms, percent } from './html-text.js';
import { rankerLabel } from './ranker-label.js';

/** What a ranker's card of the report is drawn with besides its row of the comparison. */
export interface RankerCardContext {
  readonly baseline: string;
  /** Queries of the set: a ranker that failed this many answered none. */
  readonly queries: number;
  /** Half-width of every card's interval bar, in fractions of Recall@5. */
  readonly scale: number;
  /** The latency axis every card shares (of the rankers that answered). */
  readonly lowest: number;
  readonly highest: number;
  /** Every query's latency, in milliseconds. */
  readonly latencies: readonly number[];
  /** Its worst queries; undefined: no worst-queries section. */
  readonly misses: readonly EvalMiss[] | undefined;
  /** Markup after its name (an in-sample tag), already escaped. */
  readonly tag: string;
}

/** Whether a ranker of the comparison answered no query: it then has no latency, interval or misses to show. */
export const answeredNone = (row: ComparedRanker, queries: number): boolean => row.failedQueries >= queries;

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

function missList(misses: readonly EvalMiss[]): string {
  if (misses.length === 0) return '<p class="meta">No query missed an expected tool in the top 5.</p>';
  return misses
    .map((miss) => `<div class="miss"><div class="q">${escapeHtml(miss.query)}</div><div class="names">${escapeHtml(miss.id)} · ${escapeHtml(describeMiss(miss))}</div></div>`)
    .join('\n');
}

/**
 * One ranker's card: Recall@5 and its interval against the baseline, the
 * latency percentiles and histogram, the first failure when queries failed,
 * and the worst queries. A ranker that failed every query shows "—" for its
 * interval and latency, its error, and neither histogram nor misses.
 */
export function rankerCard(row: ComparedRanker, context: RankerCardContext): string {
  const vs = row.vsBaseline['recall@5'];
  const baseline = row.ranker === context.baseline;
  const none = answeredNone(row, context.queries);
  const versus = baseline ? ' (baseline)' : none ? ` · — vs ${escapeHtml(context.baseline)} (every query failed)` : ` · ${signedPoints(vs.diff)} points vs ${escapeHtml(context.baseline)} (95% interval ${signedPoints(vs.low)} to ${signedPoints(vs.high)})`;
  const failure =
    row.firstError === undefined
      ? ''
      : `<p class="failed">${none ? 'Every query failed' : `${countOf(row.failedQueries, 'query', 'queries')} failed, scored as misses`}: ${escapeHtml(row.firstError.message)} [${escapeHtml(row.firstError.code)}]</p>\n`;
  if (none) {
    return `<section class="ranker-card">
<h3>${escapeHtml(rankerLabel(row))}${context.tag}: Recall@5 ${percent(row['recall@5'])}${versus}</h3>
${failure}<p class="meta">Latency: —</p>
</section>`;
  }
  const sorted = [...context.latencies].sort((a, b) => a - b);
  const misses = context.misses;
  return `<section class="ranker-card">
<h3>${escapeHtml(rankerLabel(row))}${context.tag}: Recall@5 ${percent(row['recall@5'])}${versus}</h3>
${baseline ? '' : intervalSvg(vs.low, vs.diff, vs.high, context.scale)}
${failure}<p class="meta">Latency: p50 ${ms(percentile(sorted, 0.5))} ms · p90 ${ms(percentile(sorted, 0.9))} ms · p99 ${ms(percentile(sorted, 0.99))} ms · max ${ms(sorted.at(-1) ?? 0)} ms</p>
${latencySvg(sorted, context.lowest, context.highest)}
${misses === undefined ? '' : `<details${misses.length > 0 ? ' open' : ''}><summary>Worst queries (${misses.length})</summary>
${missList(misses)}
</details>`}
</section>`;
}
