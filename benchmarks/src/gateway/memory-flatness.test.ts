import { describe, expect, it } from 'vitest';
import { memoryFlatness } from './memory-flatness.js';

const series = (values: readonly number[], step = 1000) => values.map((rssMb, index) => ({ at: index * step, rssMb }));

describe('memoryFlatness', () => {
  it('calls allocator noise around a level flat', () => {
    const result = memoryFlatness(series([180, 182, 179, 181, 183, 180, 181, 182, 180, 181]));
    expect(result.flat).toBe(true);
    expect(Math.abs(result.slopeMbPer100k)).toBeLessThan(30);
    expect(result.lastToFirstRatio).toBeCloseTo(1, 1);
    expect(result.growthMb).toBe(3);
  });

  it('calls a steady leak growing', () => {
    const result = memoryFlatness(series(Array.from({ length: 100 }, (_, index) => 180 + index * 0.2)));
    expect(result.slopeMbPer100k).toBeCloseTo(20, 5);
    expect(result.flat).toBe(false);
    expect(result.lastToFirstRatio).toBeGreaterThan(1.05);
  });

  it('needs two readings', () => {
    expect(() => memoryFlatness(series([1]))).toThrow(/2 readings/);
  });
});
