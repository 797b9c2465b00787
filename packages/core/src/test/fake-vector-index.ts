import { createLoadoutError } from '../errors/loadout-error.js';
import type { VectorIndex, VectorMatch } from '../ranking/vector-index.js';

/** Options of {@link createFakeVectorIndex}. */
export interface FakeVectorIndexOptions {
  /** Vector length; an integer ≥ 1. */
  readonly dimensions: number;
}

/** A {@link VectorIndex} whose operations complete synchronously. */
export interface FakeVectorIndex extends VectorIndex {
  add(entries: readonly { readonly key: string; readonly vector: Float32Array }[]): void;
  remove(keys: readonly string[]): void;
  search(vector: Float32Array, k: number): readonly VectorMatch[];
}

/**
 * An exact {@link VectorIndex}: a scan of every vector by dot product
 * (cosine, for normalised vectors), best first, ties in insertion order.
 * Synchronous. A vector of the wrong length throws `invalid-input`.
 */
export function createFakeVectorIndex(options: FakeVectorIndexOptions): FakeVectorIndex {
  const { dimensions } = options;
  const vectors = new Map<string, Float32Array>();
  return {
    specificationVersion: 'v1',
    dimensions,
    get size() {
      return vectors.size;
    },
    add(entries) {
      for (const { key, vector } of entries) {
        if (vector.length !== dimensions) {
          throw createLoadoutError('invalid-input', `vector for ${JSON.stringify(key)} has ${vector.length} dimensions, expected ${dimensions}`, {
            key,
            dimensions: vector.length,
          });
        }
      }
      for (const { key, vector } of entries) vectors.set(key, vector.slice());
    },
    remove(keys) {
      for (const key of keys) vectors.delete(key);
    },
    search(vector, k) {
      const matches: VectorMatch[] = [];
      for (const [key, stored] of vectors) {
        let score = 0;
        for (let index = 0; index < dimensions; index++) score += stored[index]! * (vector[index] ?? 0);
        matches.push({ key, score });
      }
      return matches.sort((a, b) => b.score - a.score).slice(0, Math.max(0, k));
    },
  };
}
