import type { DifferenceInterval } from './paired-bootstrap.js';
import { pointsAsPrinted, signedPoints } from './signed-points.js';

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

/** Options of {@link recommendRanker}. */
export interface RecommendRankerOptions {
  /** Queries every ranker answered (the set's size); below {@link MIN_QUERIES_TO_SWITCH}, no switch is recommended. */
  readonly queries: number;
}

/** The pick of a comparison and why, in words a person can act on. */
export interface RankerRecommendation {
  readonly recommended: string;
  readonly reason: string;
}

/** Recall@5 differences within this much of the best (1 point, the house's noise figure on mix10k), or within one query's worth when that is more, are near-ties. */
export const NEAR_TIE = 0.01;

/** A near-tie goes to the first ranker listed unless another is at least this many times faster (median latency): closer timings are noise between runs. */
export const CLEARLY_FASTER = 1.5;

/**
 * Fewest queries on which a switch is recommended: 30. On fewer, one query
 * moves Recall@5 by more than 3 points and a bootstrap interval drawn from
 * so few differences is too narrow to trust, so the baseline is kept.
 */
export const MIN_QUERIES_TO_SWITCH = 30;

const interval = (vs: DifferenceInterval): string => `95% interval ${signedPoints(vs.low)} to ${signedPoints(vs.high)} points`;
const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
/** Above or below 0 only as printed: a bound that prints as 0.0 is not beyond it. */
const above = (vs: DifferenceInterval): boolean => pointsAsPrinted(vs.low) > 0;
const below = (vs: DifferenceInterval): boolean => pointsAsPrinted(vs.high) < 0;
const where = (vs: DifferenceInterval): string => (above(vs) ? 'above 0' : below(vs) ? 'below 0' : 'which includes 0');

/**
 * The ranker to choose: the baseline (`standings[0]`) unless another
 * ranker's Recall@5 interval against it lies above zero (its low end above
 * 0 as printed, one decimal in points); then the best such ranker by mean
 * difference. Candidates within {@link NEAR_TIE} of the best (or one
 * query's worth, when that is more) cannot be told apart: the first listed
 * of them is the pick, unless another is {@link CLEARLY_FASTER} times
 * faster, so the same figures give the same pick on every run. On fewer than
 * {@link MIN_QUERIES_TO_SWITCH} queries the baseline is kept, the reason
 * saying the set is too small to tell. Rankers that failed any query are
 * not candidates; when the baseline failed queries, the best ranker that
 * answered every one is the pick (the baseline, named as none, when there
 * is no such ranker). `reason` names the pick, the gain in Recall@5 points
 * with its interval, and the latency cost, or says why the baseline stays,
 * naming the other ranker with the largest mean difference.
 */
export function recommendRanker(standings: readonly RankerStanding[], options: RecommendRankerOptions): RankerRecommendation {
  const baseline = standings[0];
  if (baseline === undefined) return { recommended: '', reason: 'no rankers were compared' };
  const clean = standings.slice(1).filter((standing) => standing.failedQueries === 0);
  const failing = standings.filter((standing) => standing.failedQueries > 0).map((standing) => `${standing.ranker} failed ${standing.failedQueries} ${standing.failedQueries === 1 ? 'query' : 'queries'}`);
  const failed = failing.length === 0 ? '' : `; ${failing.join(', ')} and cannot be chosen`;
  const tooFew = options.queries < MIN_QUERIES_TO_SWITCH;
  // A baseline that failed queries is no yardstick: the best ranker that answered every query is the pick.
  const candidates = baseline.failedQueries > 0 ? clean : tooFew ? [] : clean.filter((standing) => above(standing.vsBaseline));
  if (candidates.length === 0) {
    if (baseline.failedQueries > 0) {
      return { recommended: baseline.ranker, reason: `no ranker answered every query (${failing.join(', ')}), so none can be recommended; ${baseline.ranker}, the baseline, is named until one does` };
    }
    const best = [...clean].sort((a, b) => b.vsBaseline.diff - a.vsBaseline.diff)[0];
    if (best === undefined) return { recommended: baseline.ranker, reason: `keep ${baseline.ranker}: no other ranker could be compared${failed}` };
    const bestOf = `${signedPoints(best.vsBaseline.diff)} Recall@5 points (${interval(best.vsBaseline)}, ${where(best.vsBaseline)})`;
    const why = tooFew
      ? `${options.queries} ${options.queries === 1 ? 'query is' : 'queries are'} too few to tell rankers apart (a switch needs at least ${MIN_QUERIES_TO_SWITCH}); the best of the others, ${best.ranker}, differs by ${bestOf}`
      : clean.every((standing) => below(standing.vsBaseline))
        ? `every other ranker found less; the best of them, ${best.ranker}, finds ${signedPoints(-best.vsBaseline.diff).replace('+', '')} Recall@5 points fewer (${interval(best.vsBaseline)}, below 0)`
        : `no ranker beat it beyond noise; the best of the others, ${best.ranker}, differs by ${bestOf}`;
    return { recommended: baseline.ranker, reason: `keep ${baseline.ranker}: ${why}${failed}` };
  }
  const gain = (standing: RankerStanding): number => (baseline.failedQueries > 0 ? standing.recall : standing.vsBaseline.diff);
  const top = Math.max(...candidates.map(gain));
  const margin = Math.max(NEAR_TIE, 1 / options.queries);
  const near = candidates.filter((standing) => gain(standing) >= top - margin);
  const fastest = near.reduce((best, standing) => (standing.p50Ms < best.p50Ms ? standing : best));
  const pick = fastest.p50Ms * CLEARLY_FASTER <= near[0]!.p50Ms ? fastest : near[0]!;
  const others = near.filter((standing) => standing !== pick);
  const within = `${others.map((standing) => standing.ranker).join(', ')} came within ${margin === NEAR_TIE ? '1 point' : `one query (${(margin * 100).toFixed(1)} points)`}`;
  const faster = others.every((standing) => pick.p50Ms * CLEARLY_FASTER <= standing.p50Ms);
  const tie = others.length === 0 ? '' : faster ? `; ${within} and ${pick.ranker} is at least ${CLEARLY_FASTER}× faster` : `; ${within}, too close to tell apart, and none is ${CLEARLY_FASTER}× faster, so ${pick.ranker}, listed first, is named`;
  if (baseline.failedQueries > 0) {
    return { recommended: pick.ranker, reason: `switch to ${pick.ranker}: it answered every query, with Recall@5 ${(pick.recall * 100).toFixed(1)} at a median ${ms(pick.p50Ms)} a query${tie}${failed}` };
  }
  return {
    recommended: pick.ranker,
    reason: `switch to ${pick.ranker}: it finds ${signedPoints(pick.vsBaseline.diff)} Recall@5 points over ${baseline.ranker} (${interval(pick.vsBaseline)}, above 0), at a median ${ms(pick.p50Ms)} a query against ${ms(baseline.p50Ms)}${tie}${failed}`,
  };
}
