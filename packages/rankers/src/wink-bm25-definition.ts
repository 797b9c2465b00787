import type { RankerDefinition } from '@loadout/core';
import { loadRankerModule } from './load-ranker-module.js';

/** `wink-bm25`: the same analyzer on wink-bm25-text-search, the benchmark reference. */
export const winkBm25Definition: RankerDefinition = {
  specificationVersion: 'v1',
  name: 'wink-bm25',
  description: 'the same analyzer on wink-bm25-text-search (benchmark reference)',
  queryKind: 'keywords',
  capabilities: { browserSafe: true },
  async create() {
    const { createWinkBm25Ranker } = await loadRankerModule(() => import('@loadout/bm25/wink'), '@loadout/bm25/wink', 'wink-bm25');
    return createWinkBm25Ranker();
  },
};
