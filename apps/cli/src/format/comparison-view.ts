import { signedPoints } from '@loadout/eval';
import type { EvalComparison, EvalMiss } from '../commands/eval-comparison.js';
import type { GoldGroups } from '@loadout/eval';
import { countOf } from './count-of.js';
import { formatCount, renderTable } from './render-table.js';
import { rankerLabel } from './ranker-label.js';
import { formatLatencyMs } from './latency-ms.js';

const percent = (value: number): string => (value * 100).toFixed(1);

/** The side-by-side table of `loadout eval --ranker a,b,c`, then the recommendation; a ranker that answered no query shows no interval or timings. */
export function renderComparison(comparison: EvalComparison): string {
  const answered = (row: EvalComparison['rankers'][number]): boolean => row.failedQueries < comparison.queries;
  const table = renderTable(comparison.rankers, [
    { header: 'ranker', value: (row) => rankerLabel(row) },
    { header: 'Recall@5', value: (row) => percent(row['recall@5']), align: 'right' },
    {
      header: `vs ${comparison.baseline} (95% interval)`,
      value: (row) => {
        if (row.ranker === comparison.baseline) return 'baseline';
        if (!answered(row)) return 'every query failed';
        const vs = row.vsBaseline['recall@5'];
        return `${signedPoints(vs.diff)} (${signedPoints(vs.low)} to ${signedPoints(vs.high)})`;
      },
      align: 'right',
    },
    { header: 'NDCG@5', value: (row) => percent(row['ndcg@5']), align: 'right' },
    { header: 'MRR@10', value: (row) => percent(row['mrr@10']), align: 'right' },
    { header: 'p50 ms', value: (row) => (answered(row) ? formatLatencyMs(row.p50Ms) : '—'), align: 'right' },
    { header: 'p99 ms', value: (row) => (answered(row) ? formatLatencyMs(row.p99Ms) : '—'), align: 'right' },
    { header: 'build ms', value: (row) => (answered(row) ? row.buildMs.toFixed(0) : '—'), align: 'right' },
    { header: 'failed', value: (row) => row.failedQueries, align: 'right' },
  ]);
  return [
    `${comparison.set}: ${countOf(comparison.queries, 'query', 'queries')} over ${countOf(comparison.tools, 'tool')}, ${comparison.rankers.length} rankers`,
    '',
    table.trimEnd(),
    '',
    `Recommended: ${comparison.recommended}. ${comparison.reason[0]!.toUpperCase()}${comparison.reason.slice(1)}.`,
    '',
  ].join('\n');
}

/**
 * A miss in words: `expected A, B; first: C`, or, when what came first was
 * expected, which expected tools the top 5 lacks: `expected A, B; first: A,
 * missed B`. Any-of groups read `(A or B)`, and a group is missed only when
 * none of it is in the top 5. A query whose search failed says so, with
 * the error's code: `expected A; failed: the ranker timed out [ranker-timeout]`.
 */
export function describeMiss(miss: EvalMiss): string {
  const first = miss.got[0];
  const groups = miss.groups ?? miss.relevant.map((name) => [name]);
  const named = (list: GoldGroups): string => list.map((group) => (group.length > 1 ? `(${group.join(' or ')})` : group[0])).join(', ');
  const missed = groups.filter((group) => !group.some((name) => miss.got.includes(name)));
  const lacking = first !== undefined && groups.some((group) => group.includes(first)) && missed.length > 0 ? `, missed ${named(missed)}` : '';
  if (miss.error !== undefined) return `expected ${named(groups)}; failed: ${miss.error.message} [${miss.error.code}]`;
  return `expected ${named(groups)}; first: ${first ?? 'nothing'}${lacking}`;
}

/**
 * `--misses N` (`asked`, at least 1): a ranker's worst queries, each with
 * what was expected and what came first; when fewer than N missed, the
 * heading says how many did.
 */
export function renderMisses(ranker: string, misses: readonly EvalMiss[], asked: number): string {
  if (misses.length === 0) return `Worst queries, ${ranker}: none missed an expected tool in the top 5\n`;
  const fewer = misses.length < asked ? ` (${formatCount(misses.length)} of ${formatCount(asked)} asked: only ${countOf(misses.length, 'query', 'queries')} missed)` : '';
  const lines = [`Worst queries, ${ranker}${fewer}:`];
  for (const miss of misses) {
    lines.push(`  ${miss.id}  ${JSON.stringify(miss.query)}`);
    lines.push(`    ${describeMiss(miss)}`);
  }
  return lines.join('\n') + '\n';
}
