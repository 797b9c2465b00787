import type { Embedder, OptionsSchema, Ranker } from '@loadout/core';
import { createLoadoutError, describeValue } from '@loadout/core';
import { loadRankerModule } from './load-ranker-module.js';

/** Options of the rankers with a static-embedding part. */
export interface SemanticOptions {
  /** Default: a new `createStaticEmbedder()` (GloVe-SIF, 100 dimensions), fitted on the tools indexed. */
  readonly embedder?: Embedder;
  /** `exact` (a deterministic scan, default) or `hnsw` (hnswlib-node, approximate, Node only). */
  readonly vectorIndex?: 'exact' | 'hnsw';
}

/** The schema of {@link SemanticOptions}. */
export const SEMANTIC_OPTIONS: OptionsSchema = {
  embedder: { type: 'any', description: 'an Embedder (code only); default: the static GloVe-SIF embedder' },
  vectorIndex: { type: 'string', values: ['exact', 'hnsw'], default: 'exact', description: 'vector index: exact scan or HNSW (Node only)' },
};

/** A static-embedding ranker (cosine over the embedder's vectors), loading `@loadout/embeddings` on first use. */
export async function createSemanticRanker(options: SemanticOptions, forRanker: string): Promise<Ranker> {
  const embeddings = await loadRankerModule(() => import('@loadout/embeddings'), '@loadout/embeddings', forRanker);
  const given: unknown = options.embedder;
  if (given !== undefined && (typeof given !== 'object' || given === null || typeof (given as Embedder).embed !== 'function')) {
    throw createLoadoutError('invalid-option', `ranker ${JSON.stringify(forRanker)}: embedder must be an Embedder object with embed() (code only; a JSON config cannot give one), got ${describeValue(given)}`, { option: 'embedder' });
  }
  const embedder = options.embedder ?? embeddings.createStaticEmbedder();
  const dimensions = embedder.dimensions;
  const index = options.vectorIndex === 'hnsw' ? embeddings.createHnswIndex({ dimensions }) : embeddings.createExactIndex({ dimensions });
  return embeddings.createEmbeddingRanker({ embedder, index, name: 'static-embedding' });
}
