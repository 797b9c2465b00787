import { describe, expect, it } from 'vitest';
import { LEXICAL_RERANK_MODEL } from './lexical-rerank-model.js';
import { compileRerankModel, scoreRerankFeatures, scoreRow } from './rerank-model.js';
import type { RerankModel } from './rerank-model.js';
import { RERANK_FEATURES, ROW_WIDTH } from './rerank-features.js';

/** `rows` as extracted rows: each padded with zeros to `ROW_WIDTH` (the lexical features come first). */
const extracted = (rows: readonly (readonly number[])[]): Float64Array => Float64Array.from(rows.flatMap((row) => [...row, ...new Array<number>(ROW_WIDTH - row.length).fill(0)]));

/** The model's documented formula, standardising every feature and reading it at most 5: the reference {@link scoreRow} must equal. */
function reference(model: RerankModel, row: readonly number[]): number {
  const z = row.map((value, f) => Math.min((value - model.mean[f]!) * model.scale[f]!, 5));
  let score = z.reduce((sum, value, f) => sum + model.linear[f]! * value, 0);
  const F = row.length;
  for (let unit = 0; unit < (model.output?.length ?? 0); unit++) {
    let activation = model.hiddenBias![unit]!;
    for (let f = 0; f < F; f++) activation += model.hidden![unit * F + f]! * z[f]!;
    score += model.output![unit]! * Math.tanh(activation);
  }
  return score;
}

/** Deterministic pseudo-random numbers in [−1, 1). */
function numbers(count: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2 - 1;
  });
}

describe('scoreRow', () => {
  const F = RERANK_FEATURES.length;
  const units = 5;
  const model: RerankModel = {
    format: 'loadout-rerank-v1',
    kind: 'mlp',
    features: RERANK_FEATURES,
    mean: numbers(F, 1),
    // One feature the model ignores (scale 0), as training leaves a constant feature.
    scale: numbers(F, 2).map((value, f) => (f === 3 ? 0 : Math.abs(value) + 0.1)),
    linear: numbers(F, 3),
    hidden: numbers(F * units, 4),
    hiddenBias: numbers(units, 5),
    output: numbers(units, 6),
  };

  it('equals the standardised formula, raw zeros (skipped) included', () => {
    const rows = [numbers(F, 7), numbers(F, 8).map((value, f) => (f % 3 === 0 ? 0 : value)), new Array<number>(F).fill(0)];
    const compiled = compileRerankModel(model);
    rows.forEach((row, index) => {
      expect(scoreRow(compiled, extracted(rows), index)).toBeCloseTo(reference(model, row), 12);
    });
  });

  it('reads a feature at most 5 deviations above its mean, so a value far beyond the fit scores as that', () => {
    const compiled = compileRerankModel(model);
    const at = (value: number): number => scoreRow(compiled, extracted([numbers(F, 7).map((other, f) => (f === 0 ? value : other))]), 0);
    const edge = model.mean[0]! + 5 / model.scale[0]!;
    expect(at(edge + 1000)).toBe(at(edge));
    expect(at(edge - 0.5)).not.toBe(at(edge));
  });

  it('scores the shipped model as its formula says', () => {
    const row = numbers(F, 9).map((value, f) => (f % 2 === 0 ? 0 : Math.abs(value)));
    expect(scoreRerankFeatures(compileRerankModel(LEXICAL_RERANK_MODEL), extracted([row]))[0]).toBeCloseTo(reference(LEXICAL_RERANK_MODEL, row), 12);
  });

  it('scores a linear model, which needs no hidden units', () => {
    const linear: RerankModel = { format: 'loadout-rerank-v1', kind: 'linear', features: RERANK_FEATURES, mean: model.mean, scale: model.scale, linear: model.linear };
    const row = numbers(F, 10);
    expect(scoreRerankFeatures(compileRerankModel(linear), extracted([row]))[0]).toBeCloseTo(reference(linear, row), 12);
  });
});
