import { describe, expect, it } from 'vitest';
import { formatRankerOptions, rankerLabel } from './ranker-label.js';

describe('rankerLabel', () => {
  it('names a ranker with its options, or alone when it ran with its defaults', () => {
    expect(rankerLabel({ ranker: 'bm25f', options: { k1: 1 } })).toBe('bm25f {k1: 1}');
    expect(rankerLabel({ ranker: 'bm25f', options: {} })).toBe('bm25f');
    expect(rankerLabel({ ranker: 'hybrid' })).toBe('hybrid');
    expect(formatRankerOptions({ k1: 1.2, fields: { name: 3 }, model: 'm.json' })).toBe('{k1: 1.2, fields: {"name":3}, model: "m.json"}');
  });
});
