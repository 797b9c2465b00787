import { describe, expect, it } from 'vitest';
import { dot } from './dot.js';

describe('dot', () => {
  it('multiply entry by entry and sum, over a length and from an offset of the right side', () => {
    const left = Float32Array.from([1, 2, 3, 4, 5]);
    expect(dot(left, left)).toBe(55);
    expect(dot(left, left, 3)).toBe(14);
    const table = Float32Array.from([9, 9, 1, 1, 1, 1, 2, 9]);
    expect(dot(left, table, 5, 2)).toBe(1 + 2 + 3 + 4 + 10);
    expect(dot(left, table, 1, 7)).toBe(9);
    expect(dot(new Float32Array(0), table)).toBe(0);
  });
});
