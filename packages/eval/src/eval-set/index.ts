export type { EvalQuery, EvalSet } from './eval-set.js';
export { loadEvalSet, loadEvalFiles } from './load-eval-set.js';
export type { LoadEvalSetOptions, EvalFiles } from './load-eval-set.js';
export { listEvalSets } from './list-eval-sets.js';
export type { EvalSetInfo } from './list-eval-sets.js';
export { createEvalCatalog } from './create-eval-catalog.js';
export { parseEvalQueries } from './parse-eval-queries.js';
export type { ParseEvalQueriesOptions } from './parse-eval-queries.js';
