import { indexKeyString } from './index-store.js';
import type { IndexStore } from './index-store.js';

/** An {@link IndexStore} in memory, with counters for tests. */
export interface MemoryIndexStore extends IndexStore {
  /** Blobs held. */
  readonly size: number;
  /** Keys held, as {@link indexKeyString} forms, in insertion order. */
  keys(): string[];
  /** Calls of `get` that found a blob, and calls of `put`, since creation. */
  readonly stats: { readonly hits: number; readonly misses: number; readonly puts: number };
}

/** Creates a {@link MemoryIndexStore}; blobs are copied in and out, so callers cannot change what is stored. */
export function createMemoryIndexStore(): MemoryIndexStore {
  const blobs = new Map<string, Uint8Array>();
  let hits = 0;
  let misses = 0;
  let puts = 0;
  return {
    get size() {
      return blobs.size;
    },
    get stats() {
      return { hits, misses, puts };
    },
    keys: () => [...blobs.keys()],
    async get(key) {
      const blob = blobs.get(indexKeyString(key));
      if (blob === undefined) misses++;
      else hits++;
      return blob === undefined ? undefined : blob.slice();
    },
    async put(key, blob) {
      puts++;
      blobs.set(indexKeyString(key), blob.slice());
    },
    async delete(key) {
      blobs.delete(indexKeyString(key));
    },
    async clear() {
      blobs.clear();
    },
  };
}
