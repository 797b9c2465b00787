import { describe, expect, it } from 'vitest';
import { RERANK_FEATURES } from '../rerank/index.js';
import type { RerankModel } from '../rerank/index.js';
import { trainRerankModel } from '../train/train-rerank-model.js';
import type { TrainingQuery } from '../train/training-query.js';
import { blendRerankModels } from './blend-models.js';

const F = RERANK_FEATURES.length;

/** Queries of 4 candidates with seeded pseudo-random features, gold where feature 2 is largest. */
function queries(count: number, seed: number): TrainingQuery[] {
  let state = seed;
  const next = (): number => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: count }, () => {
    const features = Float64Array.from({ length: 4 * F }, (_, at) => (at % F === 5 ? 0.5 : next() * (1 + (at % 3))));
    const labels = new Uint8Array(4);
    let best = 0;
    for (let row = 1; row < 4; row++) if (features[row * F + 2]! > features[best * F + 2]!) best = row;
    labels[best] = 1;
    return { features, labels, count: 4 };
  });
}

/** `model`'s score of one feature row, as the re-ranker computes it. */
function score(model: RerankModel, row: Float64Array): number {
  const z = Array.from(row, (value, f) => (value - model.mean[f]!) * model.scale[f]!);
  let total = (model.firstStageWeight ?? 0) * row[0]! + z.reduce((sum, value, f) => sum + model.linear[f]! * value, 0);
  for (let unit = 0; unit < (model.output?.length ?? 0); unit++) {
    const activation = model.hiddenBias![unit]! + z.reduce((sum, value, f) => sum + model.hidden![unit * F + f]! * value, 0);
    total += model.output![unit]! * Math.tanh(activation);
  }
  return total;
}

describe('blendRerankModels', () => {
  const warm = trainRerankModel(queries(30, 1), { kind: 'mlp', units: 4, epochs: 5, firstStageWeight: 0.5 });
  const cold = trainRerankModel(queries(30, 2), { kind: 'linear', epochs: 5 });

  it('scores every row as the mean of both models, up to one constant', () => {
    const blend = blendRerankModels(warm, cold);
    expect(blend.kind).toBe('mlp');
    expect(blend.output).toHaveLength(4);
    expect(blend.firstStageWeight).toBe(0.25);
    const rows = queries(3, 7).flatMap((query) => Array.from({ length: query.count }, (_, row) => query.features.subarray(row * F, (row + 1) * F)));
    const offsets = rows.map((row) => score(blend, row) - (score(warm, row) + score(cold, row)) / 2);
    for (const offset of offsets) expect(offset).toBeCloseTo(offsets[0]!, 9);
  });

  it('keeps two linear models linear, and refuses models of other features or with a margin', () => {
    expect(blendRerankModels(cold, cold).kind).toBe('linear');
    expect(() => blendRerankModels(warm, { ...cold, features: ['x'] })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => blendRerankModels(warm, { ...cold, margin: 1 })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });
});
