import type { Embedder, RankerDefinition } from '@loadout/core';
import { createRankerFrom } from '@loadout/core/plugins';
import type { WordVectorTable } from '@loadout/embeddings/browser';
import { bm25fDefinition } from '@loadout/rankers/browser';
import { pairPersistence } from './pair-persistence.js';
import { vectorPersistence } from './vector-persistence.js';

/** What the engine's own vector rankers need from the engine (one table and one transformers model per engine). */
export interface EngineRankerHost {
  /** The static word-vector table, fetched on first use. */
  staticTable(): Promise<WordVectorTable>;
  /** A storage-key fragment naming the static table (its URL's hash). */
  readonly staticTableVersion: string;
  /** Principal components the static embedder removes; undefined for its default (8). */
  readonly staticComponents: number | undefined;
  /** The engine's transformers.js embedder (created on first call, its code loaded then; rejects with `invalid-option` without its URLs). */
  transformersEmbedder(): Promise<Embedder>;
  /** The transformers model id (`<model>#<dtype>`), a storage-key fragment. */
  readonly transformersModelId: string;
  /** Whether `hybrid`'s BM25F part completes the last word of a query (`EngineConfig.completeLastWord`). */
  readonly completeLastWord: boolean;
}

const embeddings = () => import('./embedding-rankers.js');

/**
 * The definitions of the engine's embedding rankers, bound to `host`:
 * - `static-embedding`: GloVe word vectors with SIF weighting (the compact table from `staticTableUrl`); vectors persisted.
 * - `hybrid`: BM25F candidates re-scored with the static embedding (0.75 / 0.25); both parts persisted together.
 * - `transformers`: a transformers.js sentence model on the WASM backend, from local files; vectors persisted.
 * Each is browser-safe and lazy: `@loadout/embeddings` loads on first `create`.
 */
export function createEngineRankers(host: EngineRankerHost): readonly RankerDefinition[] {
  const staticPersistence = vectorPersistence(`static/${host.staticTableVersion}`);
  const staticEmbedding: RankerDefinition = {
    specificationVersion: 'v1',
    name: 'static-embedding',
    description: 'GloVe vectors with SIF weighting; fetches a 5.8 MB table once, then the browser caches it.',
    queryKind: 'keywords',
    capabilities: { browserSafe: true, persistence: staticPersistence },
    async create() {
      const module = await embeddings();
      return module.createVectorRanker('static-embedding', module.createTableEmbedder(() => host.staticTable(), host.staticComponents));
    },
  };
  const lexicalPersistence = bm25fDefinition.capabilities?.persistence;
  const hybrid: RankerDefinition = {
    specificationVersion: 'v1',
    name: 'hybrid',
    description: "BM25F's top 100 re-scored with the static vectors (0.75 / 0.25).",
    queryKind: 'keywords',
    capabilities: { browserSafe: true, ...(lexicalPersistence === undefined ? {} : { persistence: pairPersistence(lexicalPersistence, staticPersistence) }) },
    async create() {
      const [lexical, semantic, module] = await Promise.all([createRankerFrom(bm25fDefinition, host.completeLastWord ? { bm25: { completeLastWord: true } } : undefined, false), staticEmbedding.create({}), embeddings()]);
      return module.createPairedHybrid(lexical, semantic);
    },
  };
  const transformers: RankerDefinition = {
    specificationVersion: 'v1',
    name: 'transformers',
    description: 'A sentence model on onnxruntime-web, from local files only (modelBaseUrl and wasmPaths).',
    queryKind: 'keywords',
    capabilities: { browserSafe: true, persistence: vectorPersistence(`transformers/${host.transformersModelId}`) },
    async create() {
      const embedder = await host.transformersEmbedder();
      return (await embeddings()).createVectorRanker('transformers', embedder);
    },
  };
  return [staticEmbedding, hybrid, transformers];
}
