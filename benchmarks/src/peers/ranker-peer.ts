import type { Ranker } from '@loadout/core';
import type { SearchPeer } from './search-peer.js';

/** Wraps a Loadout {@link Ranker} (ours, or `wink-bm25` behind our adapter) as a {@link SearchPeer}. */
export function createRankerPeer(ranker: Ranker, name: string = ranker.name): SearchPeer {
  return {
    name,
    build: (tools) => ranker.index(tools),
    search(query, limit) {
      const hits = ranker.search(query, { limit });
      if (hits instanceof Promise) return hits.then((list) => list.map((hit) => hit.tool.name));
      return hits.map((hit) => hit.tool.name);
    },
  };
}
