import type { DifferenceInterval } from './paired-bootstrap.js';

/** One ranker of a comparison, as {@link recommendRanker} weighs it. */
export interface RankerStanding {
  readonly ranker: string;
  /** Mean Recall@5 in [0, 1]. */
  readonly recall: number;
  /** Median query latency in milliseconds. */
  readonly p50Ms: number;
  /** Queries whose search failed; a ranker with any is never recommended over the baseline. */
  readonly failedQueries: number;
  /** Recall@5 against the baseline (the baseline's own is all zeros). */
  readonly vsBaseline: DifferenceInterval;
}

/** The pick of a comparison and why, in words a person can act on. */
export interface RankerRecommendation {
  readonly recommended: string;
  readonly reason: string;
}

/** Recall@5 differences within this much of the best (1 point, the house's noise figure on mix10k) are near-ties, broken by latency. */
export const NEAR_TIE = 0.01;

const points = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}`;
const interval = (vs: DifferenceInterval): string => `95% interval ${points(vs.low)} to ${points(vs.high)} points`;
const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;

/**
 * The ranker to choose: the baseline (`standings[0]`) unless another
 * ranker's Recall@5 interval against it lies above zero (`low > 0`); then
 * the best such ranker by mean difference, where candidates within
 * {@link NEAR_TIE} of the best are decided by the lower median latency.
 * Rankers that failed any query are not candidates. `reason` names the
 * pick, the gain in Recall@5 points with its interval, and the latency
 * cost, or says that no ranker beat the baseline beyond noise.
 */
export function recommendRanker(standings: readonly RankerStanding[]): RankerRecommendation {
  const baseline = standings[0];
  if (baseline === undefined) return { recommended: '', reason: 'no rankers were compared' };
  const others = standings.slice(1);
  const candidates = others.filter((standing) => standing.failedQueries === 0 && standing.vsBaseline.low > 0);
  if (candidates.length === 0) {
    const clean = others.filter((standing) => standing.failedQueries === 0);
    const best = [...clean].sort((a, b) => b.vsBaseline.diff - a.vsBaseline.diff)[0];
    const failing = others.filter((standing) => standing.failedQueries > 0).map((standing) => standing.ranker);
    const failed = failing.length === 0 ? '' : ` (${failing.join(', ')} failed queries and cannot be chosen)`;
    if (best === undefined) return { recommended: baseline.ranker, reason: `keep ${baseline.ranker}: no other ranker could be compared${failed}` };
    return {
      recommended: baseline.ranker,
      reason: `keep ${baseline.ranker}: no ranker beat it beyond noise; the closest, ${best.ranker}, differs by ${points(best.vsBaseline.diff)} Recall@5 points (${interval(best.vsBaseline)}, which includes 0)${failed}`,
    };
  }
  const top = Math.max(...candidates.map((standing) => standing.vsBaseline.diff));
  const near = candidates.filter((standing) => standing.vsBaseline.diff >= top - NEAR_TIE);
  const pick = near.reduce((best, standing) => (standing.p50Ms < best.p50Ms ? standing : best));
  const tie = near.length > 1 ? `; ${near.filter((standing) => standing !== pick).map((standing) => standing.ranker).join(', ')} came within ${(NEAR_TIE * 100).toFixed(0)} point and ${pick.ranker} is faster` : '';
  return {
    recommended: pick.ranker,
    reason: `switch to ${pick.ranker}: it finds ${points(pick.vsBaseline.diff)} Recall@5 points over ${baseline.ranker} (${interval(pick.vsBaseline)}, above 0), at a median ${ms(pick.p50Ms)} a query against ${ms(baseline.p50Ms)}${tie}`,
  };
}
