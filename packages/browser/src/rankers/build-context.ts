import type { CatalogTool, MaybePromise, Ranker } from '@loadout/core';
import type { IndexKey, IndexStore } from '../persistence/index-store.js';

/** How an index came to be: built from the tools now, or restored from the `IndexStore`. */
export type IndexSource = 'built' | 'restored';

/** A base ranker with its index ready. */
export interface BuiltIndex<R extends Ranker = Ranker> {
  readonly ranker: R;
  readonly source: IndexSource;
}

/** What building a catalog's indexes needs from the engine. */
export interface RankerBuildContext {
  readonly catalogHash: string;
  readonly tools: readonly CatalogTool[];
  /** Where indexes are persisted; undefined when persistence is off. */
  readonly store: IndexStore | undefined;
  /** Whether BM25F completes the last word of a query (`EngineConfig.completeLastWord`): given to every ranker with `bm25` options. */
  readonly completeLastWord: boolean;
  /** Writes `blob()` under `key` after the current task (so a search answers first); failures are ignored. */
  persist(key: IndexKey, blob: () => MaybePromise<Uint8Array | undefined>): void;
}

/** The stored blob under `key`, or undefined when there is none or the store fails. */
export async function readStored(store: IndexStore | undefined, key: IndexKey): Promise<Uint8Array | undefined> {
  if (store === undefined) return undefined;
  try {
    return await store.get(key);
  } catch {
    return undefined;
  }
}
