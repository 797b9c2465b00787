import { percentile } from '@loadout/eval';
/** One memory reading of a process during a soak. */
export interface MemoryPoint {
  /** Work done when it was taken (searches). */
  readonly at: number;
  /** Resident memory, in MB. */
  readonly rssMb: number;
}

/** How flat a series of memory readings is. */
export interface MemoryFlatness {
  /** Least-squares slope of RSS over work, in MB per 100,000 units of work. */
  readonly slopeMbPer100k: number;
  /** Median of the last quarter of readings over the median of the first quarter. */
  readonly lastToFirstRatio: number;
  /** Largest reading minus the first, in MB. */
  readonly growthMb: number;
  /**
   * Flat: the fitted growth over the whole run stays within `tolerance` of the
   * first reading (default 5%), and so does the last quarter's median.
   */
  readonly flat: boolean;
}

const median = (values: readonly number[]): number => percentile(values, 50);

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** Judges readings taken after a warm-up (at least 2, in order of `at`). Pure. */
export function memoryFlatness(points: readonly MemoryPoint[], tolerance = 0.05): MemoryFlatness {
  if (points.length < 2) throw new Error(`memoryFlatness needs 2 readings or more, got ${points.length}`);
  const meanAt = points.reduce((sum, point) => sum + point.at, 0) / points.length;
  const meanRss = points.reduce((sum, point) => sum + point.rssMb, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.at - meanAt) * (point.rssMb - meanRss);
    variance += (point.at - meanAt) ** 2;
  }
  const slope = variance === 0 ? 0 : covariance / variance;
  const quarter = Math.max(1, Math.floor(points.length / 4));
  const first = median(points.slice(0, quarter).map((point) => point.rssMb));
  const last = median(points.slice(-quarter).map((point) => point.rssMb));
  const span = points[points.length - 1]!.at - points[0]!.at;
  const baseline = points[0]!.rssMb;
  return {
    slopeMbPer100k: round(slope * 100_000, 2),
    lastToFirstRatio: round(last / first, 3),
    growthMb: round(Math.max(...points.map((point) => point.rssMb)) - baseline, 1),
    flat: slope * span <= tolerance * baseline && last / first <= 1 + tolerance,
  };
}
