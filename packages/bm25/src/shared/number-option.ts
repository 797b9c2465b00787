import { createLoadoutError, describeValue } from '@loadout/core';

/** Reads a finite numeric option within [min, max], or returns the default. */
export function numberOption(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw createLoadoutError('invalid-option', `@loadout/bm25: ${name} must be a number from ${min} to ${max} (got ${describeValue(value)})`, {
      option: name,
      value,
    });
  }
  return value;
}
