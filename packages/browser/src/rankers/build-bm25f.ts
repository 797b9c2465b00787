import { isLoadoutError } from '@loadout/core';
import { createBm25Ranker, INDEX_FORMAT_VERSION } from '@loadout/bm25';
import type { Bm25Ranker } from '@loadout/bm25';
import { readStored } from './build-context.js';
import type { BuiltIndex, RankerBuildContext } from './build-context.js';

/** Version of persisted BM25F indexes: the `@loadout/bm25` blob format. */
export const BM25F_STORE_VERSION = `lbmf${INDEX_FORMAT_VERSION}`;

/**
 * The catalog's BM25F ranker: loaded from the stored blob when one exists
 * for this catalog hash and still fits (same tools, same analyzer), else
 * built from the tools and persisted afterwards.
 */
export async function buildBm25f(context: RankerBuildContext): Promise<BuiltIndex<Bm25Ranker>> {
  const key = { catalogHash: context.catalogHash, ranker: 'bm25f', version: BM25F_STORE_VERSION };
  const ranker = createBm25Ranker();
  const blob = await readStored(context.store, key);
  if (blob !== undefined) {
    try {
      ranker.load(blob, context.tools);
      return { ranker, source: 'restored' };
    } catch (error) {
      if (!isLoadoutError(error) || error.code !== 'index-corrupt') throw error;
    }
  }
  ranker.index(context.tools);
  context.persist(key, () => ranker.serialize());
  return { ranker, source: 'built' };
}
