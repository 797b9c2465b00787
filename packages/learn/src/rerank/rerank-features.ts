import { TOOL_FIELDS } from '@loadout/bm25';

const perField = (prefix: string): string[] => TOOL_FIELDS.map((field) => `${prefix}.${field}`);

/**
 * The re-ranker's features of one candidate, in model order. All are
 * catalog-agnostic (ratios, shares, logs), so one model can score any
 * catalog:
 * - `firstStage`: the clause-fused BM25F score over the best candidate's;
 *   `firstStageRank`: 1 / (1 + rank) in the first stage (list-relative);
 * - `full`: the raw full-query BM25F score over the query's summed idf, and
 *   `full.<field>` the same for each field scored alone (its own saturation);
 *   `fullVsBest`: raw score over the best candidate's (list-relative);
 * - `cover` / `cover.<field>`: idf-weighted share of the query's terms the
 *   tool (each field) contains;
 * - `clause`: the best clause's score over that clause's best candidate
 *   score, `clauseScore` / `clause.<field>` its raw scores over the clause's
 *   summed idf, `clauseCover` its idf-weighted term coverage (a query of one
 *   clause is its own best clause);
 * - `nameShare`: share of the tool's name words (compounds such as
 *   `sendemail` aside) in the query, `nameAll`: 1 when all are,
 *   `nameMatched`: log(1 + name terms matched, compounds included);
 * - `descriptionLength`: log(1 + description tokens), `noDescription`;
 * - `sameServerTop10`: share of the other first-stage top 10 on the tool's
 *   server (list-relative);
 * - `queryTerms`, `clauses`: log(1 + count), the same for every candidate
 *   (they let a non-linear model treat long and short queries apart).
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

/**
 * Optional features that need word vectors (GloVe-SIF, see
 * `RerankRankerOptions.vectors`): `vector.query`, the cosine of the query's
 * vector to the tool's; `vector.clause`, the best cosine of a clause's
 * vector to the tool's (the query's for a query of one clause);
 * `vector.queryVsBest`, the query cosine minus the best among the
 * candidates (list-relative). 0 without vectors.
 */
export const VECTOR_FEATURES: readonly string[] = Object.freeze(['vector.query', 'vector.clause', 'vector.queryVsBest']);

/**
 * The feature registry: every feature the re-ranker extracts, by name, in
 * the order of an extracted row ({@link RERANK_FEATURES}, then
 * {@link VECTOR_FEATURES}). A model lists the names it reads, in any order,
 * each with its own standardisation; any subset is valid.
 */
export const FEATURES: readonly string[] = Object.freeze([...RERANK_FEATURES, ...VECTOR_FEATURES]);

/** Numbers per extracted row: the length of {@link FEATURES}. */
export const ROW_WIDTH = FEATURES.length;

/** Row position of each registry feature. */
const COLUMN = new Map(FEATURES.map((name, column) => [name, column]));

/** The row columns of feature `names` (in their order), or the first name the registry lacks or repeats. */
export function featureColumns(names: readonly string[]): Int32Array | string {
  const columns = new Int32Array(names.length);
  const seen = new Set<string>();
  for (const [at, name] of names.entries()) {
    const column = COLUMN.get(name);
    if (column === undefined || seen.has(name)) return String(name);
    seen.add(name);
    columns[at] = column;
  }
  return columns;
}
