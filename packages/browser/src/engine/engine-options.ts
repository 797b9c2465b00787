import type { RankerDefinition } from '@loadout/core';
import type { IndexStore } from '../persistence/index-store.js';
import type { TransformersLibrary, WasmPaths } from '../transformers/transformers-library.js';

/** How plans count definition tokens. */
export type TokenizerName = 'tiktoken' | 'approximate';

/**
 * Engine settings that can be sent to a worker (structured-cloneable). URLs
 * may be relative; a worker engine resolves them against the page first.
 */
export interface EngineConfig {
  /**
   * `tiktoken`: exact `cl100k_base` counts from `@loadout/tokens` (its rank
   * file loads on the first plan, as a separate chunk); `approximate`: core's
   * estimate (within about 10%), nothing to load. Default `tiktoken`.
   */
  tokenizer?: TokenizerName;
  /**
   * URL of the compact word-vector table (`glove-sg-100d-50k.ldwv`, built by
   * `@loadout/embeddings` into its `dist/`), fetched the first time
   * `static-embedding` or `hybrid` is used. Default: none (those rankers
   * then throw `invalid-option`).
   */
  staticTableUrl?: string;
  /**
   * Principal components the static embedding removes after fitting on the
   * catalog (SIF). Default 8; an integer from 0 to 100 (fewer suits catalogs
   * of a few dozen tools).
   */
  staticComponents?: number;
  /** Cache API cache that keeps the table; `null` skips the Cache API. Default `loadout-static-tables`. */
  staticTableCacheName?: string | null;
  /** URL under which the transformers model folders are served (local files only). Required by `transformers`. */
  modelBaseUrl?: string;
  /** Where onnxruntime-web's WASM files are served (a URL prefix or `{ mjs, wasm }`). Required by `transformers`. */
  wasmPaths?: WasmPaths;
  /** The transformers model folder under `modelBaseUrl`. Default `Xenova/all-MiniLM-L6-v2`. */
  transformersModel?: string;
  /** Use the model's 8-bit weights. Default true. */
  transformersQuantized?: boolean;
  /** Keep built indexes in IndexedDB, keyed by catalog hash, so a reload does not rebuild. Default true (when IndexedDB exists). */
  persistIndexes?: boolean;
  /** The IndexedDB database of persisted indexes. Default `loadout-indexes`. */
  indexDatabaseName?: string;
  /**
   * For a box that searches on every keystroke: the last word of a query
   * that does not end in white space (at least 2 characters) also matches
   * the indexed words it starts (`creat` → `create`), in `bm25f`, `rerank`
   * and `hybrid` (`@loadout/bm25`'s `completeLastWord`). `<loadout-search>`
   * sets it. Default false: a query is matched as written, as the CLI does.
   */
  completeLastWord?: boolean;
}

/** Options of `createEngine`: the {@link EngineConfig} plus objects that stay in the page (or worker) that creates the engine. */
export interface EngineOptions extends EngineConfig {
  /** Where indexes persist; `null` turns persistence off. Default: IndexedDB when `persistIndexes` is not false and IndexedDB exists, else none. */
  indexStore?: IndexStore | null;
  /** Fetches the static table, and a transformers model's files when the model fails to load (to name the missing one). Default: the global `fetch`. */
  fetch?: (url: string) => Promise<Response>;
  /**
   * Loads transformers.js for the `transformers` ranker, e.g.
   * `() => import('@huggingface/transformers')`. Default: none, so a page's
   * bundle never holds transformers.js or onnxruntime-web's WASM; the ranker
   * is then listed as unavailable. `@loadout/browser/worker-transformers` is a
   * worker that passes it.
   */
  loadTransformers?: () => Promise<TransformersLibrary>;
  /**
   * The page's own rankers, searched by name like the built-ins. Each must be
   * a valid definition declaring `capabilities.browserSafe: true`, with a
   * name no built-in has; it is built with its default options, its index
   * persisted when it declares `capabilities.persistence`, and wrapped with
   * the query syntax unless its `queryKind` is `pattern`. Default: none.
   * (A worker engine's rankers are those of the worker's `createEngine`.)
   */
  rankers?: readonly RankerDefinition[];
}
