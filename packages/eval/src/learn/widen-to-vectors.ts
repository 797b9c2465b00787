import type { RerankModel } from '@loadout/bm25';

/**
 * A lexical model (`RERANK_FEATURES`) as one over `vectorFeatures`
 * (`RERANK_VECTOR_FEATURES`: the lexical ones, then `VECTOR_FEATURES`) that
 * scores exactly as before: the word-vector features get weight 0 and
 * scale 0, so a warm start from it standardises them over its training
 * queries and starts their weights at 0 (as it does the usage features a
 * base never saw).
 */
export function widenToVectors(model: RerankModel, vectorFeatures: readonly string[]): RerankModel {
  const F = model.features.length;
  const extra = vectorFeatures.length - F;
  const pad = (values: readonly number[]): number[] => [...values, ...new Array<number>(extra).fill(0)];
  const units = model.output?.length ?? 0;
  const hidden = model.hidden === undefined ? undefined : Array.from({ length: units }, (_, unit) => pad(model.hidden!.slice(unit * F, (unit + 1) * F))).flat();
  return { ...model, features: [...vectorFeatures], mean: pad(model.mean), scale: pad(model.scale), linear: pad(model.linear), ...(hidden === undefined ? {} : { hidden }) };
}
