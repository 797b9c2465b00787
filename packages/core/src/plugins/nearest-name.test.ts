import { describe, expect, it } from 'vitest';
import { closestName, didYouMean } from './nearest-name.js';

const rankers = ['bm25f', 'wink-bm25', 'hybrid', 'rerank'];

describe('closestName', () => {
  it('suggests a name that differs in case only, a prefix, or a typo', () => {
    expect(closestName('BM25F', rankers)).toBe('bm25f');
    expect(closestName('Hybrid', rankers)).toBe('hybrid');
    expect(closestName('rer', rankers)).toBe('rerank');
    expect(closestName('bm25g', rankers)).toBe('bm25f');
    expect(closestName('WINK_BM25', rankers)).toBe('wink-bm25');
  });

  it('suggests nothing for a name far from every candidate', () => {
    expect(closestName('zzzz', rankers)).toBeUndefined();
    expect(didYouMean(42, rankers)).toBe('');
    expect(didYouMean('Rerank', rankers)).toBe('; did you mean "rerank"?');
  });
});
