import { describe, expect, it } from 'vitest';
import { speedRatio } from './speed-ratio.js';

describe('speedRatio', () => {
  it('is the geometric mean of the per-query ratios, with an interval over the queries', () => {
    const fast = [1, 1, 1, 1];
    expect(speedRatio(fast, [2, 2, 2, 2])).toEqual({ ratio: 2, low: 2, high: 2 });
    const mixed = speedRatio(fast, [4, 1, 4, 1])!;
    expect(mixed.ratio).toBeCloseTo(2, 12);
    expect(mixed.low).toBeLessThan(2);
    expect(mixed.high).toBeGreaterThan(2);
  });

  it('floors a latency of 0 at 1 µs and gives nothing for unpaired lists', () => {
    expect(speedRatio([0], [0.002])!.ratio).toBeCloseTo(2, 12);
    expect(speedRatio([], [])).toBeUndefined();
    expect(speedRatio([1], [1, 2])).toBeUndefined();
  });
});
