import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';
import { shuffle } from './shuffle.js';

describe('shuffle', () => {
  it('permute in place, the same way for the same seed', () => {
    const items = Array.from({ length: 50 }, (_, index) => index);
    const shuffled = shuffle([...items], seededRandom(3));
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(shuffle([...items], seededRandom(3))).toEqual(shuffled);
    const same = [1, 2];
    expect(shuffle(same, () => 0)).toBe(same);
    expect(shuffle([], Math.random)).toEqual([]);
  });
});
