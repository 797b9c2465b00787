import { createLoadoutError, isLoadoutError } from '../errors/loadout-error.js';
import { isPromise } from '../utils/maybe-promise.js';
import { trackIndexedTools } from '../ranking/indexed-tools.js';
import { checkRankerResult, type RankerResultExpectation } from './check-ranker-result.js';
import type { MaybePromise, Ranker, SearchHit, SyncRanker } from '../ranking/ranker.js';

const DEFAULT_LIMIT = 5;

function threw(ranker: string, error: unknown): never {
  if (isLoadoutError(error)) throw error;
  const reason = error instanceof Error ? error.message : String(error);
  throw createLoadoutError('ranker-invalid-result', `ranker ${JSON.stringify(ranker)} threw instead of returning results: ${reason}`, { ranker, problem: 'threw' });
}

/**
 * Wraps a ranker so every search's result passes {@link checkRankerResult}
 * against the tools it was given and the search's `limit` and `filter`
 * (`index`, `add`, `remove` pass through and
 * are tracked: wrap before indexing), and a search that throws something
 * other than a LoadoutError becomes `ranker-invalid-result` too (a
 * LoadoutError, such as `query-too-long` or `pattern-invalid`, passes
 * unchanged). Same `name`, `queryKind` and `size`; a synchronous ranker stays
 * synchronous. Wrap the bare ranker, inside `withQuerySyntax`, so the
 * plug-in's own output is what is checked.
 */
export function withCheckedResults(ranker: SyncRanker): SyncRanker;
export function withCheckedResults(ranker: Ranker): Ranker;
export function withCheckedResults(ranker: Ranker): Ranker {
  const indexed = trackIndexedTools(ranker);
  return {
    specificationVersion: 'v1',
    name: ranker.name,
    ...(ranker.queryKind === undefined ? {} : { queryKind: ranker.queryKind }),
    get size() {
      return ranker.size;
    },
    index: indexed.index,
    add: indexed.add,
    remove: indexed.remove,
    search(query, options) {
      const limit = options?.limit ?? DEFAULT_LIMIT;
      const filter = options?.filter;
      // The filter is checked only when one was given (+term queries): O(hits), one call per hit.
      const expected: RankerResultExpectation =
        filter === undefined ? { ranker: ranker.name, tools: indexed.tools, limit } : { ranker: ranker.name, tools: indexed.tools, limit, filter };
      let result: MaybePromise<readonly SearchHit[]>;
      try {
        result = ranker.search(query, options);
      } catch (error) {
        threw(ranker.name, error);
      }
      if (!isPromise(result)) return checkRankerResult(result, expected);
      return result.then(
        (hits) => checkRankerResult(hits, expected),
        (error: unknown) => threw(ranker.name, error),
      );
    },
  };
}
