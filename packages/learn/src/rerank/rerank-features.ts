import { TOOL_FIELDS } from '@loadout/bm25';

const perField = (prefix: string): string[] => TOOL_FIELDS.map((field) => `${prefix}.${field}`);

/**
 * The lexical features of a candidate, in row order; catalog-agnostic
 * (ratios, shares, logs), so one model scores any catalog. `firstStage`:
 * the clause-fused BM25F score over the best candidate's; `firstStageRank`:
 * 1 / (1 + rank); `full` (`full.<field>`: each field alone): the raw query
 * score over the query's summed idf; `fullVsBest`: over the best candidate's;
 * `cover` (`cover.<field>`): the idf-weighted share of the query's terms
 * held; `clause`: the best clause's score over its best candidate's,
 * `clauseScore` (`clause.<field>`) and `clauseCover` its raw score over its
 * summed idf and its coverage; `nameShare` / `nameAll`: the share / all of
 * the name's words in the query (compounds aside); `nameMatched`: log(1 +
 * name terms matched, compounds included); `descriptionLength`: log(1 +
 * tokens), `noDescription`; `sameServerTop10`: the share of the other first-stage
 * top 10 on its server; `queryTerms`, `clauses`: log(1 + count).
 */
export const RERANK_FEATURES: readonly string[] = Object.freeze([
  'firstStage',
  'firstStageRank',
  'full',
  'fullVsBest',
  ...perField('full'),
  'cover',
  ...perField('cover'),
  'clause',
  'clauseScore',
  ...perField('clause'),
  'clauseCover',
  'nameShare',
  'nameAll',
  'nameMatched',
  'descriptionLength',
  'noDescription',
  'sameServerTop10',
  'queryTerms',
  'clauses',
]);

/** The features that need word vectors (0 without): the query's and the best clause's cosine to the tool, and the first minus the best of it. */
export const VECTOR_FEATURES: readonly string[] = Object.freeze(['vector.query', 'vector.clause', 'vector.queryVsBest']);

/** The feature registry, in row order: what a model lists by name (any subset, any order). */
export const FEATURES: readonly string[] = Object.freeze([...RERANK_FEATURES, ...VECTOR_FEATURES]);

/** Numbers per extracted row: the length of {@link FEATURES}. */
export const ROW_WIDTH = FEATURES.length;

/** Row position of each registry feature. */
const COLUMN = new Map(FEATURES.map((name, column) => [name, column]));

/** The row columns of feature `names` (in their order), or the first name the registry lacks or repeats. */
export function featureColumns(names: readonly string[]): Int32Array | string {
  const bad = names.findIndex((name, at) => !COLUMN.has(name) || names.indexOf(name) !== at);
  return bad >= 0 ? String(names[bad]) : Int32Array.from(names, (name) => COLUMN.get(name)!);
}
