import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

describe('backoffDelay', () => {
  it('doubles from the initial delay and stops at the maximum', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, { initialMs: 100, maxMs: 1000 }));
    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
  });

  it('defaults to 500 ms up to 30 s', () => {
    expect(backoffDelay(1)).toBe(500);
    expect(backoffDelay(100)).toBe(30_000);
  });

  it('never decreases and stays within [initial, max]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 2000 }), (initialMs, extra, attempt) => {
        const options = { initialMs, maxMs: initialMs + extra };
        const delay = backoffDelay(attempt, options);
        expect(delay).toBeGreaterThanOrEqual(initialMs);
        expect(delay).toBeLessThanOrEqual(initialMs + extra);
        expect(backoffDelay(attempt + 1, options)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });
});
