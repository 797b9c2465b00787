import { createLoadoutError, describeValue } from '@loadout/core';

/** `value` when it is an integer in [min, max], `fallback` when undefined; else throws `invalid-option` naming `option`. */
export function integerOption(option: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw createLoadoutError('invalid-option', `${option} must be an integer from ${min} to ${max} (got ${describeValue(value)})`, {
      option,
      value,
    });
  }
  return value;
}
