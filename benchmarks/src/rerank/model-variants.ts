import { RERANK_FEATURES } from '@loadout/bm25';
import type { TrainingQuery, TrainRerankOptions } from '@loadout/eval';

/** Features that describe the candidate list rather than the tool (the study found them to hurt transfer). */
export const LIST_FEATURES = ['firstStageRank', 'fullVsBest', 'sameServerTop10'];

/** A model family the benchmark measures. */
export interface ModelVariant {
  readonly name: string;
  readonly options: TrainRerankOptions;
  /** Features held at a constant (so the model cannot use them). Default: none. */
  readonly without?: readonly string[];
}

/** The families measured by `pnpm bench -- --only rerank`. */
export const MODEL_VARIANTS: readonly ModelVariant[] = [
  { name: 'linear', options: { kind: 'linear' } },
  { name: 'mlp16', options: { kind: 'mlp', units: 16 } },
  { name: 'mlp16, tool features only', options: { kind: 'mlp', units: 16 }, without: LIST_FEATURES },
];

/** `queries` with the `without` features set to 0 (a constant column gets scale 0, so the model ignores it). */
export function maskFeatures(queries: readonly TrainingQuery[], without: readonly string[] | undefined): TrainingQuery[] {
  if (without === undefined || without.length === 0) return [...queries];
  const columns = without.map((name) => RERANK_FEATURES.indexOf(name)).filter((column) => column >= 0);
  const width = RERANK_FEATURES.length;
  return queries.map((query) => {
    const features = query.features.slice();
    for (let row = 0; row < query.count; row++) for (const column of columns) features[row * width + column] = 0;
    return { ...query, features };
  });
}
