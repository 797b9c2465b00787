import { describe, expect, it } from 'vitest';
import { countOf } from './count-of.js';

describe('countOf', () => {
  it('keeps the singular for exactly one', () => {
    expect(countOf(1, 'upfront tool')).toBe('1 upfront tool');
  });

  it('uses the plural for zero and for more than one, with the count grouped', () => {
    expect(countOf(0, 'tool')).toBe('0 tools');
    expect(countOf(2, 'definition')).toBe('2 definitions');
    expect(countOf(12_345, 'tool')).toBe('12,345 tools');
  });

  it('takes an irregular plural', () => {
    expect(countOf(3, 'match', 'matches')).toBe('3 matches');
    expect(countOf(1, 'match', 'matches')).toBe('1 match');
  });
});
