import type { Embedder } from '@loadout/core';
import { createEmbeddingRanker } from '@loadout/embeddings/browser';
import type { EmbeddingRanker } from '@loadout/embeddings/browser';
import { createStoredVectorIndex } from '../persistence/stored-vector-index.js';
import { decodeVectorSet, encodeVectorSet } from '../persistence/vector-blob.js';
import type { VectorSet } from '../persistence/vector-blob.js';
import { readStored } from './build-context.js';
import type { BuiltIndex, RankerBuildContext } from './build-context.js';

/** Version prefix of persisted vector sets. */
export const VECTOR_STORE_VERSION = 'ldvx1';

/**
 * An embedding ranker named `name` over the catalog: tool vectors come from
 * the store when the stored set's fingerprint (model id, after fitting, and
 * every embedded text) matches the catalog, else the tools are embedded and
 * the vectors persisted afterwards.
 */
export async function buildEmbeddingIndex(
  context: RankerBuildContext,
  name: string,
  embedder: Embedder,
  version: string,
): Promise<BuiltIndex<EmbeddingRanker>> {
  const key = { catalogHash: context.catalogHash, ranker: name, version: `${VECTOR_STORE_VERSION}/${version}` };
  const blob = await readStored(context.store, key);
  let restored: VectorSet | undefined;
  if (blob !== undefined) {
    try {
      restored = decodeVectorSet(blob);
    } catch {
      restored = undefined;
    }
  }
  const index = createStoredVectorIndex(restored);
  const ranker = createEmbeddingRanker({ embedder, index, name });
  await ranker.index(context.tools);
  if (!ranker.restored && index.saved) {
    context.persist(key, () => {
      const set = index.toVectorSet();
      return set === undefined ? undefined : encodeVectorSet(set);
    });
  }
  return { ranker, source: ranker.restored ? 'restored' : 'built' };
}
