import { describe, expect, it } from 'vitest';
import { pairedBootstrap } from './paired-bootstrap.js';

describe('pairedBootstrap', () => {
  it('is deterministic for a seed and brackets the mean difference', () => {
    const baseline: number[] = Array.from({ length: 200 }, (_, index) => (index % 3 === 0 ? 1 : 0));
    const other = baseline.map((value, index) => (index % 10 === 1 ? 1 : value));
    const first = pairedBootstrap(baseline, other);
    expect(pairedBootstrap(baseline, other)).toEqual(first);
    expect(first.diff).toBeCloseTo(other.reduce((a, b) => a + b) / 200 - baseline.reduce((a, b) => a + b) / 200, 12);
    expect(first.low).toBeGreaterThan(0);
    expect(first.low).toBeLessThan(first.diff);
    expect(first.high).toBeGreaterThan(first.diff);
    expect(pairedBootstrap(baseline, other, { seed: 7 })).not.toEqual(first);
  });

  it('gives an interval across zero when the rankers trade wins', () => {
    const baseline = Array.from({ length: 100 }, (_, index) => index % 2);
    const other = baseline.map((value) => 1 - value);
    const result = pairedBootstrap(baseline, other);
    expect(result.diff).toBe(0);
    expect(result.low).toBeLessThan(0);
    expect(result.high).toBeGreaterThan(0);
  });

  it('is all zeros for identical or empty scores, and refuses bad input', () => {
    expect(pairedBootstrap([1, 0, 1], [1, 0, 1])).toEqual({ diff: 0, low: 0, high: 0 });
    expect(pairedBootstrap([], [])).toEqual({ diff: 0, low: 0, high: 0 });
    expect(() => pairedBootstrap([1], [1, 0])).toThrow(expect.objectContaining({ code: 'invalid-input' }));
    expect(() => pairedBootstrap([1], [1], { resamples: 999 })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });

  it('draws a unit of repeated pairs as one: 15 copies of a set give the interval of the set itself', () => {
    const baseline = Array.from({ length: 60 }, (_, index) => (index % 3 === 0 ? 1 : 0));
    const other = baseline.map((value, index) => (index % 7 === 1 ? 1 : index % 11 === 0 ? 0 : value));
    const once = pairedBootstrap(baseline, other);
    const copies = 15;
    const repeat = (values: number[]): number[] => Array.from({ length: copies }, () => values).flat();
    const units = repeat(baseline.map((_, index) => index));
    const clustered = pairedBootstrap(repeat(baseline), repeat(other), { units });
    // The same draws of the same 60 units, whatever the copies: the interval is not narrowed by one digit.
    expect(clustered.low).toBeCloseTo(once.low, 12);
    expect(clustered.high).toBeCloseTo(once.high, 12);
    expect(clustered.diff).toBeCloseTo(once.diff, 12);
    // Drawn one by one, the copies would shrink it by about the square root of 15.
    const naive = pairedBootstrap(repeat(baseline), repeat(other));
    expect(naive.high - naive.low).toBeLessThan((once.high - once.low) / 2);
    expect(() => pairedBootstrap([1, 0], [1, 1], { units: [0] })).toThrow(expect.objectContaining({ code: 'invalid-input' }));
  });

  it('keeps the mean over pairs with units of different sizes, and is deterministic for its seed', () => {
    const baseline = [0, 0, 0, 1, 1, 0, 1, 0];
    const other = [1, 1, 1, 1, 0, 0, 1, 1];
    const units = [0, 0, 0, 1, 2, 3, 4, 5];
    const first = pairedBootstrap(baseline, other, { units });
    expect(first.diff).toBeCloseTo(3 / 8, 12);
    expect(pairedBootstrap(baseline, other, { units })).toEqual(first);
    expect(first).toEqual({ diff: 0.375, low: expect.any(Number), high: expect.any(Number) });
    expect(first.low).toBeLessThan(first.diff);
    expect(first.high).toBeGreaterThan(first.diff);
  });
});
