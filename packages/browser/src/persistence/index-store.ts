/** Identifies one persisted index: the catalog it was built for, the ranker, and the ranker's format version. */
export interface IndexKey {
  /** `LoadedCatalog.hash` of the catalog. */
  readonly catalogHash: string;
  /** The ranker name (`bm25f`, `static-embedding`, `transformers`). */
  readonly ranker: string;
  /** The index format and model the blob was written with; a blob of another version is never read. */
  readonly version: string;
}

/**
 * Where built indexes are kept between page loads. Blobs are opaque bytes
 * (a BM25F index, a vector set). Implementations: IndexedDB
 * (`createIndexedDbIndexStore`) and memory (`createMemoryIndexStore`, tests).
 * Every method may reject; the engine then rebuilds and carries on.
 */
export interface IndexStore {
  /** The blob stored under `key`, or undefined. */
  get(key: IndexKey): Promise<Uint8Array | undefined>;
  /** Stores `blob` under `key`, replacing any earlier one. The store keeps its own copy. */
  put(key: IndexKey, blob: Uint8Array): Promise<void>;
  /** Removes the blob under `key`; absent keys are ignored. */
  delete(key: IndexKey): Promise<void>;
  /** Removes every blob. */
  clear(): Promise<void>;
}

/** The string form of an {@link IndexKey}: `<catalogHash>|<ranker>|<version>`. */
export function indexKeyString(key: IndexKey): string {
  return `${key.catalogHash}|${key.ranker}|${key.version}`;
}
