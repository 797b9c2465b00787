import type { RerankModel } from '../rerank/index.js';

/**
 * `model` as one over `features`, a list that starts with the model's own
 * (`RERANK_FEATURES` → `RERANK_VECTOR_FEATURES`, `RERANK_SIBLING_FEATURES`,
 * …), that scores exactly as before: the added features get weight 0 and
 * scale 0, so a warm start from it standardises them over its training
 * queries and starts their weights at 0 (as it does the usage features a
 * base never saw). Throws a `RangeError` when `features` does not extend
 * the model's.
 */
export function widenModel(model: RerankModel, features: readonly string[]): RerankModel {
  const F = model.features.length;
  if (features.length < F || model.features.some((name, index) => features[index] !== name)) {
    throw new RangeError(`widenModel: the ${features.length} features do not extend the model's ${F}`);
  }
  const extra = features.length - F;
  const pad = (values: readonly number[]): number[] => [...values, ...new Array<number>(extra).fill(0)];
  const units = model.output?.length ?? 0;
  const hidden = model.hidden === undefined ? undefined : Array.from({ length: units }, (_, unit) => pad(model.hidden!.slice(unit * F, (unit + 1) * F))).flat();
  return { ...model, features: [...features], mean: pad(model.mean), scale: pad(model.scale), linear: pad(model.linear), ...(hidden === undefined ? {} : { hidden }) };
}
