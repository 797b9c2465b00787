import { forwardRanker } from '@loadout/core';
import type { Ranker } from '@loadout/core';

/**
 * `ranker` with `index` turned into a no-op, for wrapping an index that was
 * already built or restored (so `withQuerySyntax` can learn the tools
 * without the index being rebuilt). Everything else passes through.
 */
export function preindexed(ranker: Ranker): Ranker {
  return forwardRanker(ranker, { index() {} });
}
