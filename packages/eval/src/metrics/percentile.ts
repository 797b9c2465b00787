import { createLoadoutError } from '@loadout/core';

/**
 * The p-th percentile by the nearest-rank method: sort ascending and take the
 * value at 1-based rank ⌈p/100 · n⌉ (rank 1 for p = 0). Always one of the
 * samples, never interpolated: p50 of 4 samples is the 2nd smallest, p99 of
 * 842 samples the 834th. `p` in [0, 100]; 0 for no samples.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) {
    throw createLoadoutError('invalid-option', `@loadout/eval: percentile must be in [0, 100] (got ${String(p)})`, { p });
  }
  if (samples.length === 0) return 0;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.max(1, Math.ceil((p * sorted.length) / 100));
  return sorted[rank - 1]!;
}
