import { describe, expect, it } from 'vitest';
import { LEXICAL_RERANK_MODEL, RERANK_FEATURES, RERANK_SIBLING_FEATURES, RERANK_VECTOR_FEATURES, RERANK_VECTOR_SIBLING_FEATURES, SIBLING_FEATURES, compileRerankModel } from '../rerank/index.js';
import { widenModel } from './widen-model.js';

describe('widenModel', () => {
  it('makes a lexical model one over the word-vector features that ignores them (weight and scale 0)', () => {
    const wide = widenModel(LEXICAL_RERANK_MODEL, RERANK_VECTOR_FEATURES);
    const compiled = compileRerankModel(wide);
    expect(compiled.vectors).toBe(true);
    expect(compiled.siblings).toBe(false);
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

  it('widens to the sibling features, with or without vectors', () => {
    const siblings = compileRerankModel(widenModel(LEXICAL_RERANK_MODEL, RERANK_SIBLING_FEATURES));
    expect([siblings.vectors, siblings.siblings]).toEqual([false, true]);
    const both = widenModel(LEXICAL_RERANK_MODEL, RERANK_VECTOR_SIBLING_FEATURES);
    expect(compileRerankModel(both).siblings).toBe(true);
    expect(both.linear.slice(RERANK_FEATURES.length)).toEqual(new Array<number>(3 + SIBLING_FEATURES.length).fill(0));
  });

  it('refuses a list that does not extend the model’s', () => {
    expect(() => widenModel(widenModel(LEXICAL_RERANK_MODEL, RERANK_VECTOR_FEATURES), RERANK_SIBLING_FEATURES)).toThrow(RangeError);
  });
});
