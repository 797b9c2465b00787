import { describe, expect, it } from 'vitest';
import { rerankFeatureGroups, rerankFeatureList } from './feature-lists.js';
import { NEIGHBOUR_FEATURES } from './neighbour-features.js';
import { RERANK_FEATURES, RERANK_VECTOR_FEATURES, VECTOR_FEATURES } from './rerank-features.js';
import { RERANK_SIBLING_FEATURES, RERANK_VECTOR_SIBLING_FEATURES, SIBLING_FEATURES } from './sibling-features.js';

describe('rerankFeatureList', () => {
  it('keeps the lists models were trained on before neighbour features', () => {
    expect(rerankFeatureList()).toBe(RERANK_FEATURES);
    expect(rerankFeatureList({ vectors: true })).toBe(RERANK_VECTOR_FEATURES);
    expect(rerankFeatureList({ siblings: true })).toBe(RERANK_SIBLING_FEATURES);
    expect(rerankFeatureList({ vectors: true, siblings: true })).toBe(RERANK_VECTOR_SIBLING_FEATURES);
  });

  it('orders the groups lexical, vectors, neighbours, siblings, so each list without siblings is a prefix of the one with them', () => {
    expect(rerankFeatureList({ neighbours: true, siblings: true })).toEqual([...RERANK_FEATURES, ...NEIGHBOUR_FEATURES, ...SIBLING_FEATURES]);
    expect(rerankFeatureList({ vectors: true, neighbours: true })).toEqual([...RERANK_FEATURES, ...VECTOR_FEATURES, ...NEIGHBOUR_FEATURES]);
    for (const vectors of [false, true]) {
      for (const neighbours of [false, true]) {
        const narrow = rerankFeatureList({ vectors, neighbours });
        expect(rerankFeatureList({ vectors, neighbours, siblings: true }).slice(0, narrow.length)).toEqual(narrow);
      }
    }
  });

  it('reads the groups back from a model’s names, and nothing from other names', () => {
    for (const vectors of [false, true]) {
      for (const neighbours of [false, true]) {
        for (const siblings of [false, true]) {
          expect(rerankFeatureGroups([...rerankFeatureList({ vectors, neighbours, siblings })])).toEqual({ vectors, neighbours, siblings });
        }
      }
    }
    expect(rerankFeatureGroups([...RERANK_FEATURES, ...SIBLING_FEATURES, ...NEIGHBOUR_FEATURES])).toBeUndefined();
    expect(rerankFeatureGroups(RERANK_FEATURES.slice(1))).toBeUndefined();
  });
});
