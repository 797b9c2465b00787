import { formatCount } from '../format/render-table.js';

/** Share of the queries, from which on `eval` warns that --feedback holds them too: 10%. */
export const FEEDBACK_OVERLAP_WARNING = 0.1;

/**
 * How many of the queries `eval` scores are searches the --feedback events
 * hold too (`--json`'s `feedbackOverlap`, the report's caveat): the same
 * query text (trimmed), at any time and whatever tools were called. A log
 * split by time, whose newer searches repeat older ones, scores the ranker
 * on searches it learned from, as a copy of the log would.
 */
export interface FeedbackOverlap {
  /** Queries whose text the feedback holds. */
  readonly shared: number;
  /** Queries scored (events of one query text are one query). */
  readonly total: number;
  /** The warning, without prefix, when `shared` is at least {@link FEEDBACK_OVERLAP_WARNING} of `total`; absent below. */
  readonly warning?: string;
}

/** Counts the `queries` (texts) whose trimmed text is one of `feedback`'s (texts of the events learned from). */
export function countSharedQueries(queries: readonly string[], feedback: Iterable<string>): { readonly shared: number; readonly total: number } {
  const held = new Set([...feedback].map((text) => text.trim()));
  return { shared: queries.filter((query) => held.has(query.trim())).length, total: queries.length };
}

/**
 * The {@link FeedbackOverlap} of `queries` (named `names.queries` in the
 * warning) with `feedback` (named `names.feedback`, a URL already masked).
 */
export function feedbackOverlap(queries: readonly string[], feedback: Iterable<string>, names: { readonly queries: string; readonly feedback: string }): FeedbackOverlap {
  const { shared, total } = countSharedQueries(queries, feedback);
  if (total === 0 || shared / total < FEEDBACK_OVERLAP_WARNING) return { shared, total };
  const warning =
    `${formatCount(shared)} of the ${formatCount(total)} queries of ${names.queries} (${Math.round((shared / total) * 100)}%) are searches ${names.feedback} holds (the same query text, at any time): ` +
    `the ranker is scored on searches it learned from, so the figures overstate it on searches it has not seen; to measure that, give --queries only searches --feedback does not hold`;
  return { shared, total, warning };
}
