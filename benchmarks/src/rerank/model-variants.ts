import { FEATURES, RERANK_FEATURES } from '@loadout/learn';
import type { TrainRerankOptions } from '@loadout/learn';

/** Features that describe the candidate list rather than the tool (the study found them to hurt transfer). */
export const LIST_FEATURES = ['firstStageRank', 'fullVsBest', 'sameServerTop10'];

/** A model family the benchmark measures: a trainer's options, its features among them (by name, from the registry). */
export interface ModelVariant {
  readonly name: string;
  readonly options: TrainRerankOptions;
}

/** The families measured by `pnpm bench -- --only rerank`. */
export const MODEL_VARIANTS: readonly ModelVariant[] = [
  { name: 'linear', options: { kind: 'linear' } },
  { name: 'mlp16', options: { kind: 'mlp' } },
  { name: 'mlp16, tool features only', options: { kind: 'mlp', features: RERANK_FEATURES.filter((name) => !LIST_FEATURES.includes(name)) } },
  { name: 'linear + GloVe', options: { kind: 'linear', features: FEATURES } },
  { name: 'mlp16 + GloVe', options: { kind: 'mlp', features: FEATURES } },
];
