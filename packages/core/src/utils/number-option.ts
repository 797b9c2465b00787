import { createLoadoutError, describeValue } from '../errors/loadout-error.js';

/** A bound as people read it: an integer's thousands grouped (`1,000`, `86,400,000`), anything else as JavaScript writes it (`0.5`); no `Intl`, which QuickJS lacks. */
export function showBound(bound: number): string {
  return Number.isSafeInteger(bound) ? String(bound).replace(/\B(?=(\d{3})+$)/g, ',') : String(bound);
}

/** Throws `invalid-option`: `owner: option must be KIND from MIN to MAX (got VALUE)`, or `… KIND ≥ MIN …` without an upper bound. */
function invalid(owner: string, option: string, kind: string, value: unknown, min: number, max: number): never {
  const range = max === Infinity ? `≥ ${showBound(min)}` : `from ${showBound(min)} to ${showBound(max)}`;
  throw createLoadoutError('invalid-option', `${owner}: ${option} must be ${kind} ${range} (got ${describeValue(value)})`, { option, value });
}

/**
 * Reads an integer option: `fallback` when `value` is undefined, `value`
 * when it is a safe integer from `min` to `max` (default: no upper bound).
 * Anything else throws `invalid-option` with `details` `{ option, value }`:
 * `owner: option must be an integer from 1 to 1,000 (got 0)`, or
 * `… an integer ≥ 1 …` without an upper bound. The one check behind every
 * integer option of the packages.
 */
export function integerOption<F extends number | undefined>(owner: string, option: string, value: unknown, fallback: F, min: number, max = Infinity): number | F {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) invalid(owner, option, 'an integer', value, min, max);
  return value;
}

/**
 * Reads a numeric option as {@link integerOption} does, for any finite
 * number from `min` to `max` (default: no upper bound): `owner: option must
 * be a number from 0 to 1 (got 2)`, or `… a number ≥ 0 …`.
 */
export function numberOption<F extends number | undefined>(owner: string, option: string, value: unknown, fallback: F, min: number, max = Infinity): number | F {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) invalid(owner, option, 'a number', value, min, max);
  return value;
}
