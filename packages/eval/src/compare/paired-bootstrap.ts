import { createLoadoutError, describeValue } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { seededRandom } from '../folds/seeded-random.js';

/** A mean difference with its bootstrap confidence interval, in the metric's own units. */
export interface DifferenceInterval {
  /** Mean of `other − baseline` over queries. */
  readonly diff: number;
  /** Lower end of the interval. */
  readonly low: number;
  /** Upper end of the interval. */
  readonly high: number;
}

/** Options of {@link pairedBootstrap}. */
export interface PairedBootstrapOptions {
  /** Resamples drawn. Default 2,000; an integer from 1,000 to 1,000,000. */
  readonly resamples?: number;
  /** Seed of the generator: the same inputs and seed give the same interval. Default 29. */
  readonly seed?: number;
  /** Coverage of the interval. Default 0.95; above 0 and below 1. */
  readonly confidence?: number;
  /**
   * The unit each pair belongs to (`units[i]` for pair `i`, any numbers):
   * pairs of one unit are drawn together, as one (a cluster bootstrap), so
   * a query repeated 15 times is one draw, not 15, and cannot narrow the
   * interval. Same length as the scores (`invalid-input`). Default: every
   * pair its own unit.
   */
  readonly units?: readonly number[];
}

function check(name: string, value: number, valid: boolean): void {
  if (!valid) throw createLoadoutError('invalid-option', `@loadout/eval: ${name} is out of range (got ${describeValue(value)})`, { option: name, value });
}

/**
 * The paired bootstrap of a per-query difference: `other[i] − baseline[i]`
 * are the two rankers' scores on the same query `i`; queries are drawn with
 * replacement `resamples` times, and the interval is the percentile range
 * of the resampled means (2.5th to 97.5th for 95%). An interval above zero
 * says `other` is better beyond the noise of which queries the set holds.
 * With `units`, whole units are drawn (each resample's mean is its drawn
 * pairs' total over their count), and `diff` is still the mean over pairs.
 * Deterministic for a seed. Both lists must have the same length
 * (`invalid-input`); empty lists give `{ diff: 0, low: 0, high: 0 }`.
 */
export function pairedBootstrap(baseline: readonly number[], other: readonly number[], options: PairedBootstrapOptions = {}): DifferenceInterval {
  const { seed = 29, confidence = 0.95 } = options;
  const resamples = integerOption('@loadout/eval', 'resamples', options.resamples, 2000, 1000, 1_000_000);
  check('confidence', confidence, typeof confidence === 'number' && confidence > 0 && confidence < 1);
  check('seed', seed, Number.isSafeInteger(seed));
  if (baseline.length !== other.length) {
    throw createLoadoutError('invalid-input', `@loadout/eval: paired scores need one pair per query (got ${baseline.length} and ${other.length})`, {});
  }
  if (options.units !== undefined && options.units.length !== baseline.length) {
    throw createLoadoutError('invalid-input', `@loadout/eval: units need one unit per pair (got ${options.units.length} for ${baseline.length} pairs)`, {});
  }
  const count = baseline.length;
  if (count === 0) return { diff: 0, low: 0, high: 0 };
  // Each unit's total difference and its number of pairs; without units, each pair is one.
  const slot = new Map<number, number>();
  const totals: number[] = [];
  const sizes: number[] = [];
  let sum = 0;
  for (let index = 0; index < count; index++) {
    const difference = other[index]! - baseline[index]!;
    const unit = options.units === undefined ? index : options.units[index]!;
    let at = slot.get(unit);
    if (at === undefined) {
      at = totals.length;
      slot.set(unit, at);
      totals.push(0);
      sizes.push(0);
    }
    totals[at]! += difference;
    sizes[at]! += 1;
    sum += difference;
  }
  const units = totals.length;
  const random = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let round = 0; round < resamples; round++) {
    let total = 0;
    let drawn = 0;
    for (let draw = 0; draw < units; draw++) {
      const at = Math.floor(random() * units);
      total += totals[at]!;
      drawn += sizes[at]!;
    }
    means[round] = total / drawn;
  }
  means.sort();
  const tail = (1 - confidence) / 2;
  const at = (share: number): number => means[Math.min(resamples - 1, Math.max(0, Math.round(share * (resamples - 1))))]!;
  return { diff: sum / count, low: at(tail), high: at(1 - tail) };
}
