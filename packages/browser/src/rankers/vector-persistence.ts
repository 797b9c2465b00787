import { createLoadoutError } from '@loadout/core';
import type { Ranker, RankerPersistence } from '@loadout/core';
import type { StoredVectorIndex } from '../persistence/stored-vector-index.js';
import { decodeVectorSet, encodeVectorSet } from '../persistence/vector-blob.js';
import { createTrackedPersistence } from './tracked-persistence.js';

/** Version prefix of persisted vector sets. */
export const VECTOR_STORE_VERSION = 'ldvx1';

/** An embedding ranker over a {@link StoredVectorIndex}, as the engine's vector rankers make them. */
export interface VectorRanker extends Ranker {
  /** True when the last `index` reused the vectors it was given instead of embedding the catalog. */
  readonly restored: boolean;
}

const indexes = createTrackedPersistence<StoredVectorIndex>('keeps no stored vectors');

/** Records the stored index a vector ranker keeps its vectors in, for {@link vectorPersistence}. */
export const trackVectorIndex: <R extends VectorRanker>(ranker: R, index: StoredVectorIndex) => R = indexes.track;

/**
 * The persistence capability of a vector ranker: its tool vectors and
 * catalog fingerprint as a vector-set blob, under the format
 * `ldvx1/<version>` (`version` names the model, so another model never
 * reads these vectors). Restoring reuses the vectors only when the
 * fingerprint (model, fit, every embedded text) matches the catalog, and
 * throws `index-corrupt` otherwise, so the engine indexes afresh.
 */
export function vectorPersistence(version: string): RankerPersistence {
  return indexes.persistence(`${VECTOR_STORE_VERSION}/${version}`, {
    save(index, ranker) {
      const set = index.toVectorSet();
      if (set === undefined) throw createLoadoutError('index-corrupt', `@loadout/browser: ranker ${JSON.stringify(ranker.name)} has no vectors to store yet`);
      return encodeVectorSet(set);
    },
    async restore(index, ranker, bytes, tools) {
      index.preload(decodeVectorSet(bytes));
      await ranker.index(tools);
      if (!(ranker as VectorRanker).restored) {
        throw createLoadoutError('index-corrupt', `@loadout/browser: stored vectors of ranker ${JSON.stringify(ranker.name)} do not fit this catalog`);
      }
    },
  });
}
