import { createLoadoutError } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { formatCount } from './dom.js';

/**
 * The tool limit as typed in the field: digits only, from 1 to `max`;
 * `fallback` when empty. Anything else throws `invalid-option` rather than
 * loading with another limit: `1e3` and `1.5` (the element refuses
 * `max-tools="1e3"` too), and text the number field could not read
 * (`badInput`: `abc`, which the field shows but reports as empty).
 */
export function readToolLimit(typed: string, badInput: boolean, fallback: number, max: number): number {
  const text = typed.trim();
  if (badInput) {
    throw createLoadoutError('invalid-option', `@loadout/playground: the tool limit must be an integer from 1 to ${formatCount(max)} (what is typed is not a number)`, {
      option: 'the tool limit',
    });
  }
  if (text === '') return fallback;
  return integerOption('@loadout/playground', 'the tool limit', /^-?\d+$/.test(text) ? Number(text) : text, fallback, 1, max);
}
