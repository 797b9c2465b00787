import type { DifferenceInterval } from './paired-bootstrap.js';
import { pointsAsPrinted, signedPoints } from './signed-points.js';
import { speedRatio } from './speed-ratio.js';
import { inflatedBaseline, inSample, unfairRankers } from './in-sample-clause.js';
import type { SpeedRatio } from './speed-ratio.js';

/** One ranker of a comparison, as {@link recommendRanker} weighs it. */
export interface RankerStanding {
  readonly ranker: string;
  /** Mean Recall@5 in [0, 1]. */
  readonly recall: number;
  /** Median query latency in milliseconds. */
  readonly p50Ms: number;
  /**
   * Every query's latency in milliseconds, in set order (the same queries for
   * every ranker, ideally timed in turn, as `evaluateRankers` does). A near-tie
   * goes to the faster ranker only when these show it {@link CLEARLY_FASTER}
   * times faster beyond noise; without them, latency breaks no tie. Default: none.
   */
  readonly latencies?: readonly number[];
  /** Queries whose search failed; a ranker with any is never recommended over the baseline. */
  readonly failedQueries: number;
  /** Recall@5 against the baseline (the baseline's own is all zeros). */
  readonly vsBaseline: DifferenceInterval;
  /**
   * How many of the queries this ranker's model was trained on, when that is
   * enough to overstate it (the caller's threshold: `loadout eval` passes the
   * count from 10% of the queries on, as its `eval-in-sample` warning does).
   * Such a ranker is never a candidate for a switch, and a baseline with it
   * is said to have inflated figures. Default: 0 (none).
   */
  readonly trainedOn?: number;
}

/** Options of {@link recommendRanker}. */
export interface RecommendRankerOptions {
  /**
   * Queries every ranker answered, counting a text listed several times once
   * (the set's distinct queries); below {@link MIN_QUERIES_TO_SWITCH}, no
   * switch is recommended, and one query's worth is a near-tie.
   */
  readonly queries: number;
  /** The unit of each query, for the speed ratio's bootstrap (`pairedBootstrap`'s `units`: a repeated text is one). Default: each query its own. */
  readonly units?: readonly number[];
}

/** The pick of a comparison and why, in words a person can act on. */
export interface RankerRecommendation {
  readonly recommended: string;
  readonly reason: string;
}

/** Recall@5 differences within this much of the best (1 point, the house's noise figure on mix10k), or within one query's worth when that is more, are near-ties. */
export const NEAR_TIE = 0.01;

/**
 * A near-tie goes to the ranker with the higher mean unless another is at
 * least this many times faster beyond noise: the whole 95% interval of its
 * per-query speed ratio (`speedRatio`) at or above it. A p50 ratio alone
 * crossed 1.5 in one run and not the next (0.64 / 0.41 ms on sealtools).
 */
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
const times = (speed: SpeedRatio): string => `${speed.ratio.toFixed(1)}× as fast`;
const beyondNoise = (speed: SpeedRatio): string => `query for query (95% interval ${speed.low.toFixed(1)}× to ${speed.high.toFixed(1)}×), at least ${CLEARLY_FASTER}× beyond noise`;
const marginWords = (margin: number): string => (margin === NEAR_TIE ? '1 point' : `one query (${(margin * 100).toFixed(1)} points)`);

/** `fast`'s speed ratio over `slow` when its whole 95% interval is at least {@link CLEARLY_FASTER}; undefined without latencies or within noise. */
function clearlyFaster(fast: RankerStanding, slow: RankerStanding, units?: readonly number[]): SpeedRatio | undefined {
  if (fast.latencies === undefined || slow.latencies === undefined) return undefined;
  const speed = speedRatio(fast.latencies, slow.latencies, units);
  return speed !== undefined && speed.low >= CLEARLY_FASTER ? speed : undefined;
}

/**
 * The ranker to choose: the baseline (`standings[0]`) unless another
 * ranker's Recall@5 interval against it lies above zero (its low end above
 * 0 as printed, one decimal in points); then the best such ranker by mean
 * difference. Candidates within {@link NEAR_TIE} of the best (or one
 * query's worth, when that is more) cannot be told apart: the one with the
 * highest mean is the pick (on equal means, the first listed), unless the
 * fastest of them is {@link CLEARLY_FASTER} times faster than it beyond
 * noise (per-query `latencies`), so neither the listing order nor a noisy
 * timing changes the pick. On fewer than
 * {@link MIN_QUERIES_TO_SWITCH} queries the baseline is kept, the reason
 * saying the set is too small to tell. Rankers that failed any query are
 * not candidates; when the baseline failed queries, the best ranker that
 * answered every one is the pick (the baseline, named as none, when there
 * is no such ranker). Rankers scored on queries their model was trained on
 * (`trainedOn`) are not candidates either, the reason saying so; when the
 * baseline is, the reason says its figures are inflated. The near-tie rule
 * holds against the baseline too, so that the pick does not depend on which
 * ranker is listed first: a ranker whose mean is within the margin of the
 * baseline's (either side) and {@link CLEARLY_FASTER} times faster beyond
 * noise is switched to, and a baseline within the margin of the pick and
 * that much faster than it is kept (on {@link MIN_QUERIES_TO_SWITCH} queries
 * or more, the baseline answering every query and not in-sample). `reason` names the pick, the gain in Recall@5 points
 * with its interval, and the latency cost, or says why the baseline stays,
 * naming the other ranker with the largest mean difference.
 */
export function recommendRanker(standings: readonly RankerStanding[], options: RecommendRankerOptions): RankerRecommendation {
  const baseline = standings[0];
  if (baseline === undefined) return { recommended: '', reason: 'no rankers were compared' };
  const answered = standings.slice(1).filter((standing) => standing.failedQueries === 0);
  // In-sample rankers are scored on what they learned: not compared fairly, so never switched to.
  const clean = answered.filter((standing) => !inSample(standing));
  const failing = standings.filter((standing) => standing.failedQueries > 0).map((standing) => `${standing.ranker} failed ${standing.failedQueries} ${standing.failedQueries === 1 ? 'query' : 'queries'}`);
  const unfair = unfairRankers(answered);
  // A baseline that failed queries is no yardstick at all: then its inflated figures are beside the point.
  const inflated = baseline.failedQueries > 0 ? '' : inflatedBaseline(baseline);
  const caveats = (failing.length === 0 ? '' : `; ${failing.join(', ')} and cannot be chosen`) + (unfair === '' ? '' : `; ${unfair}`) + (inflated === '' ? '' : `; ${inflated}`);
  const tooFew = options.queries < MIN_QUERIES_TO_SWITCH;
  const margin = Math.max(NEAR_TIE, 1 / options.queries);
  // The near-tie rule against the baseline: what runs today is worth leaving only for more recall or, as good within noise, for speed.
  const speedTies = baseline.failedQueries === 0 && !tooFew && !inSample(baseline);
  const within = (standing: RankerStanding): string => `${signedPoints(standing.vsBaseline.diff)} Recall@5 points (${interval(standing.vsBaseline)}, ${where(standing.vsBaseline)})`;
  // A baseline that failed queries is no yardstick: the best ranker that answered every query is the pick.
  const candidates = baseline.failedQueries > 0 ? clean : tooFew ? [] : clean.filter((standing) => above(standing.vsBaseline));
  if (candidates.length === 0) {
    if (baseline.failedQueries > 0) {
      const none = unfair === '' ? `no ranker answered every query (${failing.join(', ')})` : `no ranker that answered every query can be chosen (${failing.join(', ')}; ${unfair})`;
      return { recommended: baseline.ranker, reason: `${none}, so none can be recommended; ${baseline.ranker}, the baseline, is named until one does` };
    }
    const best = [...clean].sort((a, b) => b.vsBaseline.diff - a.vsBaseline.diff)[0];
    if (best === undefined) return { recommended: baseline.ranker, reason: `keep ${baseline.ranker}: no other ranker could be compared${caveats}` };
    // A ranker within the margin of the baseline, either side, and clearly faster than it: of several, the fastest.
    const quicker = (speedTies ? clean.filter((standing) => Math.abs(standing.vsBaseline.diff) <= margin) : [])
      .flatMap((standing) => {
        const speed = clearlyFaster(standing, baseline, options.units);
        return speed === undefined ? [] : [{ standing, speed }];
      })
      .sort((a, b) => b.speed.ratio - a.speed.ratio)[0];
    if (quicker !== undefined) {
      const { standing, speed } = quicker;
      return {
        recommended: standing.ranker,
        reason: `switch to ${standing.ranker}: it came within ${marginWords(margin)} of ${baseline.ranker}, ${within(standing)}, too close to tell apart, and is ${times(speed)} as ${baseline.ranker} ${beyondNoise(speed)}, at a median ${ms(standing.p50Ms)} a query against ${ms(baseline.p50Ms)}${caveats}`,
      };
    }
    // With in-sample rankers set aside, "no ranker" and "every other" speak of those compared fairly.
    const fairly = unfair === '' ? '' : ' compared fairly';
    const bestOf = `${signedPoints(best.vsBaseline.diff)} Recall@5 points (${interval(best.vsBaseline)}, ${where(best.vsBaseline)})`;
    // Too few queries: a ranker that looks better is said to, with what would confirm it.
    const looksBetter = `${best.ranker} looks better by ${signedPoints(best.vsBaseline.diff)} Recall@5 points (${interval(best.vsBaseline)}, above 0); evaluate on at least ${MIN_QUERIES_TO_SWITCH} queries to confirm before switching`;
    const why = tooFew
      ? `${options.queries} ${options.queries === 1 ? 'query is' : 'queries are'} too few to tell rankers apart (a switch needs at least ${MIN_QUERIES_TO_SWITCH}); ${above(best.vsBaseline) ? looksBetter : `the best of the others, ${best.ranker}, differs by ${bestOf}`}`
      : clean.every((standing) => below(standing.vsBaseline))
        ? `every other ranker${fairly} found less; the best of them, ${best.ranker}, finds ${signedPoints(-best.vsBaseline.diff).replace('+', '')} Recall@5 points fewer (${interval(best.vsBaseline)}, below 0)`
        : `no ranker${fairly} beat it beyond noise; the best of the others, ${best.ranker}, differs by ${bestOf}`;
    // Listed the other way round, the same rule would switch to the baseline for its speed: said, so the reason reads the same in either order.
    const faster = speedTies && Math.abs(best.vsBaseline.diff) <= margin ? clearlyFaster(baseline, best, options.units) : undefined;
    const speed = faster === undefined ? '' : `; ${best.ranker} came within ${marginWords(margin)}, and ${baseline.ranker} is ${times(faster)} as ${best.ranker} ${beyondNoise(faster)}`;
    return { recommended: baseline.ranker, reason: `keep ${baseline.ranker}: ${why}${speed}${caveats}` };
  }
  const gain = (standing: RankerStanding): number => (baseline.failedQueries > 0 ? standing.recall : standing.vsBaseline.diff);
  const top = Math.max(...candidates.map(gain));
  const near = candidates.filter((standing) => gain(standing) >= top - margin);
  // The higher mean (recall is the same on every run and in every order); on equal means, the first listed.
  const best = near.find((standing) => gain(standing) === top)!;
  // Another goes first only when it is clearly faster than that one beyond noise; of several, the fastest.
  const faster = near.flatMap((standing) => {
    const speed = standing === best ? undefined : clearlyFaster(standing, best, options.units);
    return speed === undefined ? [] : [{ standing, speed }];
  });
  const quickest = faster.sort((a, b) => b.speed.ratio - a.speed.ratio)[0];
  const speed = quickest?.speed;
  const pick = quickest?.standing ?? best;
  const others = near.filter((standing) => standing !== pick);
  const cameWithin = `${others.map((standing) => standing.ranker).join(', ')} came within ${marginWords(margin)}`;
  const tie =
    others.length === 0
      ? ''
      : speed !== undefined
        ? `; ${cameWithin} and ${pick.ranker} is ${times(speed)} as ${best.ranker} ${beyondNoise(speed)}`
        : `; ${cameWithin}, too close to tell apart, and none is ${CLEARLY_FASTER}× faster beyond noise, so ${pick.ranker}, ${others.some((standing) => gain(standing) === top) ? 'listed first of the equal means' : 'with the highest mean'}, is named`;
  if (baseline.failedQueries > 0) {
    return { recommended: pick.ranker, reason: `switch to ${pick.ranker}: it answered every query, with Recall@5 ${(pick.recall * 100).toFixed(1)} at a median ${ms(pick.p50Ms)} a query${tie}${caveats}` };
  }
  // The baseline within the margin of the pick and clearly faster than it stays, as it would be switched to were it listed second.
  const kept = speedTies && pick.vsBaseline.diff <= margin ? clearlyFaster(baseline, pick, options.units) : undefined;
  if (kept !== undefined) {
    return {
      recommended: baseline.ranker,
      reason: `keep ${baseline.ranker}: ${pick.ranker} finds ${within(pick)} but came within ${marginWords(margin)}, too close to tell apart, and ${baseline.ranker} is ${times(kept)} as ${pick.ranker} ${beyondNoise(kept)}${caveats}`,
    };
  }
  return {
    recommended: pick.ranker,
    reason: `switch to ${pick.ranker}: it finds ${signedPoints(pick.vsBaseline.diff)} Recall@5 points over ${baseline.ranker} (${interval(pick.vsBaseline)}, above 0), at a median ${ms(pick.p50Ms)} a query against ${ms(baseline.p50Ms)}${tie}${caveats}`,
  };
}
