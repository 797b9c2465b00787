import type { Embedder, Ranker } from '@loadout/core';
import { createEmbeddingRanker, createHybridRanker, createStaticEmbedderFromTable } from '@loadout/embeddings/browser';
import type { WordVectorTable } from '@loadout/embeddings/browser';
import { createStoredVectorIndex } from '../persistence/stored-vector-index.js';
import { trackPair } from './pair-persistence.js';
import { trackVectorIndex } from './vector-persistence.js';
import type { VectorRanker } from './vector-persistence.js';

/*
 * The embedding side of the engine, imported on first use of an embedding
 * ranker so that BM25F-only pages never load it.
 */

/** A fresh, empty embedding ranker named `name` whose vectors live in a stored index (see `vectorPersistence`). */
export function createVectorRanker(name: string, embedder: Embedder): VectorRanker {
  const index = createStoredVectorIndex();
  return trackVectorIndex(createEmbeddingRanker({ embedder, index, name }), index);
}

/** The static word-vector embedder over the engine's table (fetched once per engine, on first use). */
export function createTableEmbedder(table: () => Promise<WordVectorTable>, components: number | undefined): Embedder {
  return createStaticEmbedderFromTable(table, components === undefined ? {} : { components });
}

/** BM25F candidates re-scored by the static embedding (0.75 / 0.25), its parts recorded for `pairPersistence`. */
export function createPairedHybrid(lexical: Ranker, semantic: Ranker): Ranker {
  return trackPair(createHybridRanker({ lexical, semantic }), { first: lexical, second: semantic });
}
