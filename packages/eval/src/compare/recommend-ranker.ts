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
 * Rankers that failed any query are not candidates; when the baseline
 * failed queries, the best ranker that answered every one is the pick (the
 * baseline, named as none, when there is no such ranker). `reason` names
 * the pick, the gain in Recall@5 points with its interval, and the latency
 * cost, or says that no ranker beat the baseline beyond noise, or that every
 * other found less.
 */
export function recommendRanker(standings: readonly RankerStanding[]): RankerRecommendation {
  const baseline = standings[0];
  if (baseline === undefined) return { recommended: '', reason: 'no rankers were compared' };
  const clean = standings.slice(1).filter((standing) => standing.failedQueries === 0);
  const failing = standings.filter((standing) => standing.failedQueries > 0).map((standing) => `${standing.ranker} failed ${standing.failedQueries} ${standing.failedQueries === 1 ? 'query' : 'queries'}`);
  const failed = failing.length === 0 ? '' : `; ${failing.join(', ')} and cannot be chosen`;
  // A baseline that failed queries is no yardstick: the best ranker that answered every query is the pick.
  const candidates = baseline.failedQueries > 0 ? clean : clean.filter((standing) => standing.vsBaseline.low > 0);
  if (candidates.length === 0) {
    if (baseline.failedQueries > 0) {
      return { recommended: baseline.ranker, reason: `no ranker answered every query (${failing.join(', ')}), so none can be recommended; ${baseline.ranker}, the baseline, is named until one does` };
    }
    const best = [...clean].sort((a, b) => b.vsBaseline.diff - a.vsBaseline.diff)[0];
    if (best === undefined) return { recommended: baseline.ranker, reason: `keep ${baseline.ranker}: no other ranker could be compared${failed}` };
    const below = best.vsBaseline.high < 0;
    return {
      recommended: baseline.ranker,
      reason: below
        ? `keep ${baseline.ranker}: every other ranker found less; the closest, ${best.ranker}, finds ${points(best.vsBaseline.diff)} Recall@5 points (${interval(best.vsBaseline)}, below 0)${failed}`
        : `keep ${baseline.ranker}: no ranker beat it beyond noise; the closest, ${best.ranker}, differs by ${points(best.vsBaseline.diff)} Recall@5 points (${interval(best.vsBaseline)}, which includes 0)${failed}`,
    };
  }
  const gain = (standing: RankerStanding): number => (baseline.failedQueries > 0 ? standing.recall : standing.vsBaseline.diff);
  const top = Math.max(...candidates.map(gain));
  const near = candidates.filter((standing) => gain(standing) >= top - NEAR_TIE);
  const pick = near.reduce((best, standing) => (standing.p50Ms < best.p50Ms ? standing : best));
  const tie = near.length > 1 ? `; ${near.filter((standing) => standing !== pick).map((standing) => standing.ranker).join(', ')} came within ${(NEAR_TIE * 100).toFixed(0)} point and ${pick.ranker} is faster` : '';
  if (baseline.failedQueries > 0) {
    return { recommended: pick.ranker, reason: `switch to ${pick.ranker}: it answered every query, with Recall@5 ${(pick.recall * 100).toFixed(1)} at a median ${ms(pick.p50Ms)} a query${tie}${failed}` };
  }
  return {
    recommended: pick.ranker,
    reason: `switch to ${pick.ranker}: it finds ${points(pick.vsBaseline.diff)} Recall@5 points over ${baseline.ranker} (${interval(pick.vsBaseline)}, above 0), at a median ${ms(pick.p50Ms)} a query against ${ms(baseline.p50Ms)}${tie}${failed}`,
  };
}
