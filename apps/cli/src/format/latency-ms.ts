/**
 * A latency in milliseconds for the text output, to the precision a run's
 * timings hold: two decimals under 1 ms (0.21), one under 10 (3.4), none
 * above (140). `--json` keeps the numbers as measured.
 */
export function formatLatencyMs(value: number): string {
  return value.toFixed(value < 1 ? 2 : value < 10 ? 1 : 0);
}

/** Fewer queries than this, and p99 is the slowest query's time (the 99th percentile of 45 values is the largest). */
export const P99_MIN_QUERIES = 100;

/** The note under eval's text output when p99 rests on fewer than {@link P99_MIN_QUERIES} queries; empty otherwise. */
export function p99Note(queries: number): string {
  return queries >= P99_MIN_QUERIES ? '' : `note: p99 over ${queries} ${queries === 1 ? 'query' : 'queries'} (fewer than ${P99_MIN_QUERIES}) is the slowest one, and moves from run to run\n`;
}
