import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.js';

describe('percentile (nearest rank)', () => {
  it('takes the sample at rank ceil(p/100 * n)', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([4, 3, 2, 1], 50)).toBe(2);
    expect(percentile([5, 1, 3, 2, 4], 99)).toBe(5);
    expect(percentile([5, 1, 3, 2, 4], 0)).toBe(1);
    const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(hundred, 7)).toBe(7);
    expect(percentile(hundred, 99)).toBe(99);
  });

  it('is 0 for no samples and rejects p outside [0, 100]', () => {
    expect(percentile([], 50)).toBe(0);
    expect(() => percentile([1], 101)).toThrow(/percentile must be in \[0, 100\]/);
    expect(() => percentile([1], Number.NaN)).toThrow(/percentile/);
  });
});
