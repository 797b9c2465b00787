import { createLoadoutError, describeValue } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import type { RankerAvailability } from '../engine/engine-types.js';

/** The rankers that search with the word-vector table, which `<loadout-search>` takes from its `static-table` attribute. */
const TABLE_RANKERS: ReadonlySet<string> = new Set(['static-embedding', 'hybrid']);

/**
 * Why `<loadout-search>` cannot search with `ranker`, or undefined when it
 * can. `rankers` are its engine's (`engine.rankers()`); `hasStaticTable`
 * tells whether the element has a `static-table` attribute. Returns
 * `unknown-ranker` for a name the engine lacks, `invalid-option` for
 * `static-embedding` or `hybrid` without `static-table`, and
 * `unsupported-environment` for another ranker that cannot run here (such as
 * `transformers`, which the element's worker does not include); each
 * message lists only the rankers the element can run.
 */
export function findRankerProblem(ranker: string, rankers: readonly RankerAvailability[], hasStaticTable: boolean): LoadoutError | undefined {
  const found = rankers.find((candidate) => candidate.name === ranker);
  if (found?.available === true) return undefined;
  const runnable = rankers.filter((candidate) => candidate.available).map((candidate) => candidate.name);
  const withTable = hasStaticTable ? [] : rankers.filter((candidate) => !candidate.available && TABLE_RANKERS.has(candidate.name)).map((candidate) => candidate.name);
  const choices = `this element can run ${runnable.join(', ')}${withTable.length > 0 ? `, and ${withTable.join(', ')} with the static-table attribute` : ''}`;
  const details = { option: 'ranker', value: ranker, valid: runnable };
  if (found === undefined) return createLoadoutError('unknown-ranker', `<loadout-search>: unknown ranker ${describeValue(ranker)}; ${choices}`, details);
  if (TABLE_RANKERS.has(ranker) && !hasStaticTable) {
    return createLoadoutError(
      'invalid-option',
      `<loadout-search>: ranker ${describeValue(ranker)} needs the static-table attribute (the URL of glove-sg-100d-50k.ldwv); ${choices}`,
      details,
    );
  }
  const reason = found.reason?.startsWith('transformers.js is not part of this engine') === true ? "the element's worker does not include transformers.js" : found.reason;
  return createLoadoutError('unsupported-environment', `<loadout-search>: ranker ${describeValue(ranker)} cannot run here (${reason ?? 'unavailable'}); ${choices}`, details);
}
