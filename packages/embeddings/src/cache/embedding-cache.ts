import { fnv1a64, integerOption } from '@loadout/core/utils';

/** Options of {@link createEmbeddingCache}. */
export interface EmbeddingCacheOptions {
  /** Most vectors kept; the least recently used go first. Default 50,000; a positive integer. */
  maxEntries?: number;
}

/** Hit and miss counts since creation (or the last `clear`). */
export interface EmbeddingCacheStats {
  readonly hits: number;
  readonly misses: number;
}

/** One stored vector, as listed by {@link EmbeddingCache.entries}. */
export interface EmbeddingCacheEntry {
  /** `<modelId>\u0000<64-bit content hash>:<text length>`. */
  readonly key: string;
  readonly vector: Float32Array;
}

/**
 * Vectors by model and text, so a catalog is embedded once per model. Keys
 * hold a 64-bit FNV-1a hash of the text (not the text), so memory stays flat
 * for long descriptions. In memory and browser-safe; see
 * `saveEmbeddingCache`/`loadEmbeddingCache` for files.
 */
export interface EmbeddingCache {
  /** The stored vector, or undefined (counts a hit or a miss). */
  get(modelId: string, text: string): Float32Array | undefined;
  set(modelId: string, text: string, vector: Float32Array): void;
  readonly size: number;
  readonly stats: EmbeddingCacheStats;
  /** Every entry, least recently used first. */
  entries(): EmbeddingCacheEntry[];
  /** Stores an entry by its raw key (for loading saved caches). */
  setEntry(key: string, vector: Float32Array): void;
  /** Drops every entry and resets the stats. */
  clear(): void;
}

/** The cache key of a text under a model. */
export function embeddingCacheKey(modelId: string, text: string): string {
  return `${modelId}\u0000${fnv1a64(text)}:${text.length}`;
}

/** Creates an in-memory least-recently-used {@link EmbeddingCache}. */
export function createEmbeddingCache(options: EmbeddingCacheOptions = {}): EmbeddingCache {
  const maxEntries = integerOption('@loadout/embeddings', 'maxEntries', options.maxEntries, 50_000, 1);
  const store = new Map<string, Float32Array>();
  let hits = 0;
  let misses = 0;

  const setEntry = (key: string, vector: Float32Array): void => {
    store.delete(key);
    store.set(key, vector);
    if (store.size > maxEntries) store.delete(store.keys().next().value as string);
  };

  return {
    get(modelId, text) {
      const key = embeddingCacheKey(modelId, text);
      const vector = store.get(key);
      if (vector === undefined) {
        misses++;
        return undefined;
      }
      hits++;
      store.delete(key);
      store.set(key, vector);
      return vector;
    },
    set(modelId, text, vector) {
      setEntry(embeddingCacheKey(modelId, text), vector);
    },
    get size() {
      return store.size;
    },
    get stats() {
      return { hits, misses };
    },
    entries: () => [...store].map(([key, vector]) => ({ key, vector })),
    setEntry,
    clear() {
      store.clear();
      hits = 0;
      misses = 0;
    },
  };
}
