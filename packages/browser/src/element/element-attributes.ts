import { createLoadoutError, DEFAULT_MAX_TOOLS, describeValue } from '@loadout/core';
import { MAX_TOOLS_RANGE as ENGINE_MAX_TOOLS, SEARCH_LIMIT_RANGE } from '../engine/search-limits.js';

/** Range of an integer attribute of `<loadout-search>`. */
export interface IntegerAttributeRange {
  /** Used when the attribute is absent. */
  readonly fallback: number;
  readonly min: number;
  readonly max: number;
}

/** Results a search shows: `limit`, 1–100, default 5. */
export const LIMIT_RANGE: IntegerAttributeRange = { fallback: 5, ...SEARCH_LIMIT_RANGE };

/**
 * Most tools a catalog or index may hold: `max-tools`, 1–1,000,000 (the
 * range of `loadout index --max-tools`), default core's 10,000.
 */
export const MAX_TOOLS_RANGE: IntegerAttributeRange = { fallback: DEFAULT_MAX_TOOLS, ...ENGINE_MAX_TOOLS };

/**
 * Reads an integer attribute: its `fallback` when absent, else a whole
 * number within the range. Throws `invalid-option` naming the attribute, its
 * range and the value (never guesses another value).
 */
export function integerAttribute(name: string, value: string | null, range: IntegerAttributeRange): number {
  if (value === null) return range.fallback;
  // Digits only: `1e1`, `0x10` and `10.0` are refused like `""`, so one spelling means one value.
  const number = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isInteger(number) && number >= range.min && number <= range.max) return number;
  throw createLoadoutError(
    'invalid-option',
    `<loadout-search>: ${name} must be a whole number from ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')} (got ${describeValue(value)})`,
    { option: name, value },
  );
}
