import { forwardRanker, isLoadoutError } from '@loadout/core';
import type { CatalogTool, Ranker } from '@loadout/core';

/** Codes of a ranker's own failure to index: a plug-in's create or index threw, overran its time budget, or its worker died. */
const RANKER_FAILURES: ReadonlySet<string> = new Set(['ranker-failed', 'ranker-timeout']);

/** Whether `error` is a ranker's own failure to index (LoadoutError `ranker-failed` or `ranker-timeout`), which a later attempt may not repeat. */
export function isRankerFailure(error: unknown): boolean {
  return isLoadoutError(error) && RANKER_FAILURES.has(error.code);
}

/**
 * `ranker`, whose `index(tools)` failed: each search first indexes `tools`
 * again (one attempt at a time, shared by the searches waiting for it) and,
 * while that fails, fails with the attempt's error; once one succeeds,
 * searches pass straight through. Same `name`, `queryKind` and `size`;
 * `index`, `add` and `remove` pass through.
 */
export function indexOnSearch(ranker: Ranker, tools: readonly CatalogTool[]): Ranker {
  let indexed = false;
  let attempt: Promise<void> | undefined;
  const ensureIndexed = (): Promise<void> => {
    attempt ??= Promise.resolve()
      .then(() => ranker.index(tools))
      .then(() => {
        indexed = true;
      })
      .finally(() => {
        attempt = undefined;
      });
    return attempt;
  };
  return forwardRanker(ranker, {
    search(query, options) {
      if (indexed) return ranker.search(query, options);
      return ensureIndexed().then(() => ranker.search(query, options));
    },
  });
}
