import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairShares } from './fair-shares.js';

describe('fairShares', () => {
  it('gives a crowded server only what the others leave', () => {
    expect(fairShares([10_001, 12, 300], 10_000)).toEqual([9688, 12, 300]);
    expect(fairShares([10_001, 10_001], 10_000)).toEqual([5000, 5000]);
    expect(fairShares([3, 0, 4], 10_000)).toEqual([3, 0, 4]);
    expect(fairShares([5, 5, 5], 7)).toEqual([3, 2, 2]);
  });

  it('is max-min fair: shares fit the counts, fill the capacity, and only servers at the top share are cut', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 20_000 }), { maxLength: 12 }), fc.integer({ min: 1, max: 10_000 }), (counts, capacity) => {
        const shares = fairShares(counts, capacity);
        const total = counts.reduce((sum, count) => sum + count, 0);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(Math.min(total, capacity));
        const top = Math.max(0, ...shares);
        shares.forEach((share, index) => {
          expect(share).toBeLessThanOrEqual(counts[index]!);
          if (share < counts[index]!) expect(share).toBeGreaterThanOrEqual(top - 1);
        });
      }),
    );
  });
});
