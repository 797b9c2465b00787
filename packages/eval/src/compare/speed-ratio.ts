import { pairedBootstrap } from './paired-bootstrap.js';

/** How many times faster one ranker answered the same queries than another, with a 95% interval. */
export interface SpeedRatio {
  /** Geometric mean over queries of `slow[i] / fast[i]`. */
  readonly ratio: number;
  readonly low: number;
  readonly high: number;
}

/** Latencies are floored at 1 µs: a clock that read 0 would otherwise make a ratio infinite. */
const FLOOR_MS = 0.001;

/**
 * The paired speed ratio of two rankers timed on the same queries
 * (`fast[i]` and `slow[i]` the same query, answered in turn): the geometric
 * mean of the per-query ratios `slow / fast`, with the paired bootstrap's
 * 95% interval (2,000 resamples, seed 29) over which queries the set holds.
 * Timed interleaved, a burst of machine load slows both sides of a pair
 * alike, so the interval holds the noise that is left. `units`: the unit
 * of each query (a repeated text is one), as `pairedBootstrap` takes them. Undefined when the
 * lists are empty or of different lengths.
 */
export function speedRatio(fast: readonly number[], slow: readonly number[], units?: readonly number[]): SpeedRatio | undefined {
  if (fast.length === 0 || fast.length !== slow.length) return undefined;
  const log = (values: readonly number[]): number[] => values.map((value) => Math.log(Math.max(FLOOR_MS, value)));
  const { diff, low, high } = pairedBootstrap(log(fast), log(slow), { resamples: 2000, seed: 29, ...(units === undefined ? {} : { units }) });
  return { ratio: Math.exp(diff), low: Math.exp(low), high: Math.exp(high) };
}
