import { describe, expect, it } from 'vitest';
import { LEXICAL_RERANK_MODEL, RERANK_FEATURES, RERANK_VECTOR_FEATURES, compileRerankModel } from '@loadout/bm25';
import { widenToVectors } from './widen-to-vectors.js';

describe('widenToVectors', () => {
  it('makes a lexical model one over the word-vector features that ignores them (weight and scale 0)', () => {
    const wide = widenToVectors(LEXICAL_RERANK_MODEL, RERANK_VECTOR_FEATURES);
    const compiled = compileRerankModel(wide);
    expect(compiled.vectors).toBe(true);
    const F = RERANK_FEATURES.length;
    const W = RERANK_VECTOR_FEATURES.length;
    const units = LEXICAL_RERANK_MODEL.output!.length;
    expect(wide.hidden).toHaveLength(units * W);
    for (let unit = 0; unit < units; unit++) {
      expect(wide.hidden!.slice(unit * W, unit * W + F)).toEqual(LEXICAL_RERANK_MODEL.hidden!.slice(unit * F, (unit + 1) * F));
      expect(wide.hidden!.slice(unit * W + F, (unit + 1) * W)).toEqual([0, 0, 0]);
    }
    expect(wide.scale.slice(F)).toEqual([0, 0, 0]);
    expect(wide.linear.slice(0, F)).toEqual(LEXICAL_RERANK_MODEL.linear);
  });
});
