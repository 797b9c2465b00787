import { createExactIndex } from '@loadout/embeddings/browser';
import type { ExactVectorIndex, PersistentVectorIndex } from '@loadout/embeddings/browser';
import type { VectorSet } from './vector-blob.js';

/** A {@link PersistentVectorIndex} whose "file" is a {@link VectorSet} the engine keeps in an `IndexStore`. */
export interface StoredVectorIndex extends PersistentVectorIndex {
  /** True once the embedding ranker saved a fresh build into it (so it should be persisted). */
  readonly saved: boolean;
  /** The content and fingerprint to persist; undefined before anything was saved or restored. */
  toVectorSet(): VectorSet | undefined;
  /** Replaces the content with `set` (vectors and fingerprint), as if it had been restored at creation. */
  preload(set: VectorSet): void;
}

/** The label an embedding ranker sees as this index's path (it only saves indexes that have one). */
export const STORED_INDEX_PATH = 'indexstore:';

/**
 * Creates an exact cosine index that an embedding ranker treats as a saved
 * index: preloaded with `restored` (whose fingerprint the ranker compares
 * with the catalog's, reusing the vectors when they match), and marking
 * itself `saved` when the ranker saves a rebuild. Dimensions are learnt from
 * the first vectors when nothing was restored.
 */
export function createStoredVectorIndex(restored?: VectorSet): StoredVectorIndex {
  let inner: ExactVectorIndex | undefined;
  let fingerprint: string | undefined;
  let saved = false;
  const ensure = (dimensions: number): ExactVectorIndex => {
    inner ??= createExactIndex({ dimensions });
    return inner;
  };
  const preload = (set: VectorSet): void => {
    const index = createExactIndex({ dimensions: set.dimensions, initialCapacity: Math.max(1, set.keys.length) });
    const { dimensions, values } = set;
    index.add(set.keys.map((key, row) => ({ key, vector: values.subarray(row * dimensions, (row + 1) * dimensions) })));
    inner = index;
    fingerprint = set.fingerprint;
  };
  if (restored !== undefined) preload(restored);
  return {
    specificationVersion: 'v1',
    get dimensions() {
      return inner?.dimensions ?? 0;
    },
    get size() {
      return inner?.size ?? 0;
    },
    path: STORED_INDEX_PATH,
    get fingerprint() {
      return fingerprint;
    },
    get saved() {
      return saved;
    },
    add(entries) {
      const first = entries[0];
      if (first === undefined) return;
      ensure(first.vector.length).add(entries);
    },
    remove(keys) {
      inner?.remove(keys);
    },
    search(vector, k) {
      return inner === undefined ? [] : inner.search(vector, k);
    },
    getVector: (key) => inner?.getVector(key),
    keys: () => inner?.keys() ?? [],
    clear() {
      inner?.clear();
    },
    save(_path, nextFingerprint) {
      fingerprint = nextFingerprint;
      saved = true;
    },
    load() {
      return false;
    },
    preload,
    toVectorSet() {
      if (inner === undefined || fingerprint === undefined) return undefined;
      const keys = inner.keys();
      const dimensions = inner.dimensions;
      const values = new Float32Array(keys.length * dimensions);
      keys.forEach((key, row) => values.set(inner!.getVector(key)!, row * dimensions));
      return { fingerprint, dimensions, keys, values };
    },
  };
}
