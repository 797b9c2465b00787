import type { Embedder, Ranker, VectorIndex } from '@loadout/core';

/**
 * The part of `@loadout/bm25` the registry calls. Declared here because
 * `@loadout/eval` loads that package at run time only (see
 * `loadWorkspaceModule`).
 */
export interface Bm25Module {
  createBm25Ranker(options?: Readonly<Record<string, unknown>>): Ranker;
  createWinkBm25Ranker(options?: Readonly<Record<string, unknown>>): Ranker;
  createRegexRanker(options?: Readonly<Record<string, unknown>>): Ranker;
}

/** The part of `@loadout/embeddings` the registry calls. */
export interface EmbeddingsModule {
  createStaticEmbedder(options?: Readonly<Record<string, unknown>>): Embedder;
  createEmbeddingRanker(options: { embedder: Embedder; index?: VectorIndex; name?: string }): Ranker;
  createHybridRanker(options: { lexical: Ranker; semantic: Ranker; name?: string }): Ranker;
  createExactIndex(options: { dimensions: number }): VectorIndex;
  createHnswIndex(options: { dimensions: number; maxElements?: number }): VectorIndex;
}

/** Package names of the ranker implementations. */
export const BM25_PACKAGE = '@loadout/bm25';
export const EMBEDDINGS_PACKAGE = '@loadout/embeddings';
