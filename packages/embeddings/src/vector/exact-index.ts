import type { VectorMatch } from '@loadout/core';
import { createTopK, offerTopK, takeTopK } from '@loadout/core/utils';
import type { InspectableVectorIndex } from '../contracts/inspectable-vector-index.js';
import { validateDimensions, validateEntries, validateK, validateVector } from './validate-vectors.js';
import { normalizeInPlace } from './vector-math.js';

/** Options of {@link createExactIndex}. */
export interface ExactIndexOptions {
  /** Length of every vector; an integer from 1 to 65,536. */
  dimensions: number;
  /** Vectors to reserve room for; grows by doubling. Default 64. */
  initialCapacity?: number;
}

/** An exact (brute-force) cosine index; synchronous and browser-safe. */
export interface ExactVectorIndex extends InspectableVectorIndex {
  add(entries: readonly { readonly key: string; readonly vector: Float32Array }[]): void;
  remove(keys: readonly string[]): void;
  search(vector: Float32Array, k: number): VectorMatch[];
}

/**
 * Creates an exact cosine-similarity index: unit-length copies of the vectors
 * in one contiguous Float32Array, a scan of dot products and a bounded top-k
 * heap, O(n · d) per search. Removal
 * moves the last vector into the freed slot.
 */
export function createExactIndex(options: ExactIndexOptions): ExactVectorIndex {
  const { dimensions } = options;
  validateDimensions(dimensions);
  let capacity = Math.max(1, options.initialCapacity ?? 64);
  let data = new Float32Array(capacity * dimensions);
  const keys: string[] = [];
  const slots = new Map<string, number>();

  const grow = (needed: number): void => {
    if (needed <= capacity) return;
    while (capacity < needed) capacity *= 2;
    const next = new Float32Array(capacity * dimensions);
    next.set(data.subarray(0, keys.length * dimensions));
    data = next;
  };

  return {
    specificationVersion: 'v1',
    dimensions,
    get size() {
      return keys.length;
    },
    add(entries) {
      validateEntries(entries, dimensions);
      for (const { key, vector } of entries) {
        let slot = slots.get(key);
        if (slot === undefined) {
          slot = keys.length;
          grow(slot + 1);
          keys.push(key);
          slots.set(key, slot);
        }
        const target = data.subarray(slot * dimensions, (slot + 1) * dimensions);
        target.set(vector);
        normalizeInPlace(target);
      }
    },
    remove(removed) {
      for (const key of removed) {
        const slot = slots.get(key);
        if (slot === undefined) continue;
        const last = keys.length - 1;
        if (slot !== last) {
          const lastKey = keys[last]!;
          data.copyWithin(slot * dimensions, last * dimensions, (last + 1) * dimensions);
          keys[slot] = lastKey;
          slots.set(lastKey, slot);
        }
        keys.pop();
        slots.delete(key);
      }
    },
    search(vector, k) {
      validateK(k);
      validateVector(vector, dimensions);
      const query = normalizeInPlace(Float32Array.from(vector));
      const count = keys.length;
      const matrix = data;
      const topK = createTopK(Math.min(k, Math.max(1, count)));
      const unrolled = dimensions - (dimensions % 4);
      for (let slot = 0, offset = 0; slot < count; slot++, offset += dimensions) {
        let a = 0;
        let b = 0;
        let c = 0;
        let d = 0;
        let index = 0;
        for (; index < unrolled; index += 4) {
          a += query[index]! * matrix[offset + index]!;
          b += query[index + 1]! * matrix[offset + index + 1]!;
          c += query[index + 2]! * matrix[offset + index + 2]!;
          d += query[index + 3]! * matrix[offset + index + 3]!;
        }
        for (; index < dimensions; index++) a += query[index]! * matrix[offset + index]!;
        offerTopK(topK, a + b + c + d, slot);
      }
      const { docs, scores } = takeTopK(topK);
      const matches: VectorMatch[] = new Array(docs.length);
      for (let index = 0; index < docs.length; index++) matches[index] = { key: keys[docs[index]!]!, score: scores[index]! };
      return matches;
    },
    getVector(key) {
      const slot = slots.get(key);
      return slot === undefined ? undefined : data.slice(slot * dimensions, (slot + 1) * dimensions);
    },
    keys: () => [...keys],
    clear() {
      keys.length = 0;
      slots.clear();
    },
  };
}
