import { describe, expect, it } from 'vitest';
import { isSearchLimit, MAX_SEARCH_LIMIT } from './search-limit.js';

describe('isSearchLimit', () => {
  it('takes integers from min (default 1) to 100 and nothing else', () => {
    expect([1, 5, MAX_SEARCH_LIMIT].every((value) => isSearchLimit(value))).toBe(true);
    expect([0, 101, 2.5, Number.NaN, '5', undefined, null].some((value) => isSearchLimit(value))).toBe(false);
    expect(isSearchLimit(4, 5)).toBe(false);
    expect(isSearchLimit(5, 5)).toBe(true);
  });
});
