import { RERANK_FEATURES, RERANK_VECTOR_FEATURES } from '@loadout/learn';
import type { TrainingQuery, TrainRerankOptions } from '@loadout/learn';

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
  { name: 'linear + GloVe', options: { kind: 'linear', features: 'vectors' } },
  { name: 'mlp16 + GloVe', options: { kind: 'mlp', units: 16, features: 'vectors' } },
];

/**
 * Rows of `features` (`count` rows of `RERANK_FEATURES`, or of
 * `RERANK_VECTOR_FEATURES`) cut to the first `width` columns: a lexical
 * model reads the lexical part of rows that also hold word-vector features.
 */
export function projectFeatures(features: Float64Array, count: number, width: number): Float64Array {
  const from = count === 0 ? width : features.length / count;
  if (from === width) return features;
  const out = new Float64Array(count * width);
  for (let row = 0; row < count; row++) out.set(features.subarray(row * from, row * from + width), row * width);
  return out;
}

/**
 * `queries` as a variant trains on them: cut to its features (lexical, or
 * with word vectors), and the `without` features set to 0 (a constant
 * column gets scale 0, so the model ignores it).
 */
export function maskFeatures(queries: readonly TrainingQuery[], without: readonly string[] | undefined, vectors = false): TrainingQuery[] {
  const names = vectors ? RERANK_VECTOR_FEATURES : RERANK_FEATURES;
  const width = names.length;
  const columns = (without ?? []).map((name) => names.indexOf(name)).filter((column) => column >= 0);
  return queries.map((query) => {
    const features = projectFeatures(query.features, query.count, width);
    if (columns.length === 0) return features === query.features ? query : { ...query, features };
    const masked = features === query.features ? features.slice() : features;
    for (let row = 0; row < query.count; row++) for (const column of columns) masked[row * width + column] = 0;
    return { ...query, features: masked };
  });
}

/** {@link maskFeatures} for `variant`. */
export function variantQueries(queries: readonly TrainingQuery[], variant: ModelVariant): TrainingQuery[] {
  return maskFeatures(queries, variant.without, variant.options.features === 'vectors');
}
