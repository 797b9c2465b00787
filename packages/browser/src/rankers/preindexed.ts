import type { Ranker } from '@loadout/core';

/**
 * `ranker` with `index` turned into a no-op, for wrapping an index that was
 * already built or restored (so `withQuerySyntax` can learn the tools
 * without the index being rebuilt). Everything else passes through.
 */
export function preindexed(ranker: Ranker): Ranker {
  return {
    specificationVersion: 'v1',
    name: ranker.name,
    ...(ranker.queryKind === undefined ? {} : { queryKind: ranker.queryKind }),
    get size() {
      return ranker.size;
    },
    index() {},
    add: (tools) => ranker.add(tools),
    remove: (displayNames) => ranker.remove(displayNames),
    search: (query, options) => ranker.search(query, options),
  };
}
