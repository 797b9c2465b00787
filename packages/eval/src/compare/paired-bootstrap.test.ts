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
});
