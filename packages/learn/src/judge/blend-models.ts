import { createLoadoutError } from '@loadout/core';
import type { RerankModel } from '../rerank/index.js';

/**
 * One model whose score is the mean of `a`'s and `b`'s (same features, no
 * `margin`): an MLP whose hidden units are both models' (a linear model
 * when both are linear), every weight re-expressed in one standardisation
 * (`a`'s where it standardised the feature, else `b`'s). Exact up to a
 * constant per query, which no ranking sees. `candidates` is `a`'s.
 */
export function blendRerankModels(a: RerankModel, b: RerankModel): RerankModel {
  if (JSON.stringify(a.features) !== JSON.stringify(b.features) || a.margin !== undefined || b.margin !== undefined) {
    throw createLoadoutError('invalid-option', `blendRerankModels: the models must share their features and have no margin (got ${a.features.length} and ${b.features.length} features)`, { option: 'model' });
  }
  const F = a.features.length;
  const mean = a.mean.map((value, f) => (a.scale[f]! > 0 ? value : b.mean[f]!));
  const scale = a.scale.map((value, f) => (value > 0 ? value : b.scale[f]!));
  /** Weight `w` on `model`'s standardised feature f as a weight on the blend's, and the constant it adds. */
  const convert = (model: RerankModel, w: number, f: number): { weight: number; offset: number } => {
    if (scale[f] === 0 || model.scale[f] === 0) return { weight: 0, offset: 0 };
    return { weight: (w * model.scale[f]!) / scale[f]!, offset: w * (mean[f]! - model.mean[f]!) * model.scale[f]! };
  };
  const linear = Array.from({ length: F }, (_, f) => (convert(a, a.linear[f]!, f).weight + convert(b, b.linear[f]!, f).weight) / 2);
  const hidden: number[] = [];
  const hiddenBias: number[] = [];
  const output: number[] = [];
  for (const model of [a, b]) {
    const units = model.output?.length ?? 0;
    for (let unit = 0; unit < units; unit++) {
      let bias = model.hiddenBias![unit]!;
      for (let f = 0; f < F; f++) {
        const { weight, offset } = convert(model, model.hidden![unit * F + f]!, f);
        hidden.push(weight);
        bias += offset;
      }
      hiddenBias.push(bias);
      output.push(model.output![unit]! / 2);
    }
  }
  const firstStageWeight = ((a.firstStageWeight ?? 0) + (b.firstStageWeight ?? 0)) / 2;
  return {
    format: 'loadout-rerank-v1',
    kind: output.length === 0 ? 'linear' : 'mlp',
    features: [...a.features],
    mean,
    scale,
    linear,
    ...(output.length === 0 ? {} : { hidden, hiddenBias, output }),
    ...(firstStageWeight === 0 ? {} : { firstStageWeight }),
    ...(a.candidates === undefined ? {} : { candidates: a.candidates }),
  };
}
