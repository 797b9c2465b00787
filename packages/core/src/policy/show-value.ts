import { describeValue } from '../errors/loadout-error.js';

/** Renders a value for a warning or trace line; numbers as JavaScript prints them (`NaN`, `-1`). */
export function showValue(value: unknown): string {
  return typeof value === 'number' ? String(value) : describeValue(value);
}
