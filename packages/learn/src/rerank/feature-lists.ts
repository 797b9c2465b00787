import { NEIGHBOUR_FEATURES } from './neighbour-features.js';
import { RERANK_FEATURES, RERANK_VECTOR_FEATURES } from './rerank-features.js';
import { RERANK_SIBLING_FEATURES, RERANK_VECTOR_SIBLING_FEATURES, SIBLING_FEATURES } from './sibling-features.js';

/** Which optional feature groups a re-ranking model reads besides `RERANK_FEATURES`. */
export interface RerankFeatureGroups {
  /** `VECTOR_FEATURES` (word vectors). Default false. */
  readonly vectors?: boolean;
  /** `NEIGHBOUR_FEATURES` (the deployment's past searches; a log's model). Default false. */
  readonly neighbours?: boolean;
  /** `SIBLING_FEATURES` (a candidate against its server's others; a log's model). Default false. */
  readonly siblings?: boolean;
}

interface FeatureList {
  readonly groups: Required<RerankFeatureGroups>;
  readonly features: readonly string[];
}

/** The lists models were trained on before `NEIGHBOUR_FEATURES`, kept as they were (models stored then still load). */
const OLDER: readonly FeatureList[] = [
  { groups: { vectors: false, neighbours: false, siblings: false }, features: RERANK_FEATURES },
  { groups: { vectors: true, neighbours: false, siblings: false }, features: RERANK_VECTOR_FEATURES },
  { groups: { vectors: false, neighbours: false, siblings: true }, features: RERANK_SIBLING_FEATURES },
  { groups: { vectors: true, neighbours: false, siblings: true }, features: RERANK_VECTOR_SIBLING_FEATURES },
];

/** Every list a model may be trained on: the groups in a fixed order (lexical, vectors, neighbours, siblings). */
const LISTS: readonly FeatureList[] = [
  ...OLDER,
  ...OLDER.map(({ groups: { vectors, siblings } }): FeatureList => ({
    groups: { vectors, neighbours: true, siblings },
    features: Object.freeze([...(vectors ? RERANK_VECTOR_FEATURES : RERANK_FEATURES), ...NEIGHBOUR_FEATURES, ...(siblings ? SIBLING_FEATURES : [])]),
  })),
];

/** The feature names of a model reading `groups`, in model order: `RERANK_FEATURES`, then `VECTOR_FEATURES`, `NEIGHBOUR_FEATURES` and `SIBLING_FEATURES` as asked. */
export function rerankFeatureList(groups: RerankFeatureGroups = {}): readonly string[] {
  const wanted = { vectors: groups.vectors === true, neighbours: groups.neighbours === true, siblings: groups.siblings === true };
  return LISTS.find(({ groups: { vectors, neighbours, siblings } }) => vectors === wanted.vectors && neighbours === wanted.neighbours && siblings === wanted.siblings)!.features;
}

/** The groups of a model's feature names, or undefined when they are not a list this version extracts. */
export function rerankFeatureGroups(features: readonly string[]): Required<RerankFeatureGroups> | undefined {
  return LISTS.find((list) => list.features.length === features.length && list.features.every((name, index) => name === features[index]))?.groups;
}
