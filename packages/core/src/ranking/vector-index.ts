import type { MaybePromise } from './ranker.js';

/** One nearest neighbour. */
export interface VectorMatch {
  /** The key the vector was added under. */
  readonly key: string;
  /** Cosine similarity in [-1, 1]; higher is closer. */
  readonly score: number;
}

/**
 * Nearest-neighbour search over L2-normalised vectors by cosine similarity.
 * Version 1 of this contract. Implementations: an exact scan (browser, small
 * catalogs) and HNSW via hnswlib-node (10,000 tools).
 */
export interface VectorIndex {
  readonly specificationVersion: 'v1';
  readonly dimensions: number;
  readonly size: number;
  /** Adds or replaces vectors by key. Every vector must have `dimensions` entries. */
  add(entries: readonly { readonly key: string; readonly vector: Float32Array }[]): MaybePromise<void>;
  /** Removes keys; unknown keys are ignored. */
  remove(keys: readonly string[]): MaybePromise<void>;
  /** The `k` closest vectors, best first. `k` ≥ 1; fewer when the index is smaller. */
  search(vector: Float32Array, k: number): MaybePromise<readonly VectorMatch[]>;
}
