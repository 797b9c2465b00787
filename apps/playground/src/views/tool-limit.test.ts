import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { readToolLimit } from './tool-limit.js';

const refusal = (typed: string, badInput = false): string => {
  try {
    readToolLimit(typed, badInput, 10_000, 1_000_000);
  } catch (error) {
    if (isLoadoutError(error)) return `${error.code}: ${error.message}`;
  }
  return 'accepted';
};

describe('readToolLimit', () => {
  it('reads digits from 1 to the maximum, and the default when empty', () => {
    expect(readToolLimit(' 20000 ', false, 10_000, 1_000_000)).toBe(20_000);
    expect(readToolLimit('', false, 10_000, 1_000_000)).toBe(10_000);
    expect(readToolLimit('1000000', false, 10_000, 1_000_000)).toBe(1_000_000);
  });

  it('refuses what is not an integer written in digits, as the element refuses max-tools="1e3"', () => {
    expect(refusal('1e3')).toBe('invalid-option: @loadout/playground: the tool limit must be an integer from 1 to 1,000,000 (got "1e3")');
    expect(refusal('1.5')).toBe('invalid-option: @loadout/playground: the tool limit must be an integer from 1 to 1,000,000 (got "1.5")');
    expect(refusal('0')).toBe('invalid-option: @loadout/playground: the tool limit must be an integer from 1 to 1,000,000 (got 0)');
    expect(refusal('-5')).toMatch(/\(got -5\)$/);
    expect(refusal('1000001')).toMatch(/got 1000001/);
    // `abc` in a number field: the field reports an empty value and bad input.
    expect(refusal('', true)).toBe('invalid-option: @loadout/playground: the tool limit must be an integer from 1 to 1,000,000 (what is typed is not a number)');
  });
});
