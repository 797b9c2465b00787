import { percentile } from '@loadout/eval';

/** Latency summary of a run of queries, in milliseconds (nearest-rank percentiles). */
export interface LatencySummary {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly meanMs: number;
}

/** Summarises per-query latencies. */
export function summarizeLatencies(latencies: readonly number[]): LatencySummary {
  const total = latencies.reduce((sum, value) => sum + value, 0);
  return {
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    meanMs: latencies.length === 0 ? 0 : total / latencies.length,
  };
}

/** Times `run` with `performance.now()`; returns its result and the milliseconds it took. */
export async function timed<T>(run: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}
