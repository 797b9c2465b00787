import type { Ranker } from '@loadout/core';
import { createHybridRanker, createStaticEmbedderFromTable } from '@loadout/embeddings/browser';
import type { BuiltIndex, IndexSource, RankerBuildContext } from './build-context.js';
import { buildEmbeddingIndex } from './build-embedding.js';

/*
 * The embedding side of the engine, imported on first use of an embedding
 * ranker so that BM25F-only pages never load it.
 */

/** The static word-vector ranker of the catalog (the table is fetched once per engine). */
export function buildStaticEmbeddingIndex(context: RankerBuildContext): Promise<BuiltIndex> {
  const embedder = createStaticEmbedderFromTable(() => context.staticTable(), context.staticComponents === undefined ? {} : { components: context.staticComponents });
  return buildEmbeddingIndex(context, 'static-embedding', embedder, `static/${context.staticTableVersion}`);
}

/** The transformers.js ranker of the catalog (the engine's one embedder). */
export function buildTransformersIndex(context: RankerBuildContext): Promise<BuiltIndex> {
  const embedder = context.transformersEmbedder();
  return buildEmbeddingIndex(context, 'transformers', embedder, `transformers/${embedder.modelId}`);
}

/** BM25F candidates re-scored by the static embedding; restored only when both parts were. */
export function combineHybrid(lexical: BuiltIndex, semantic: BuiltIndex): BuiltIndex<Ranker> {
  const source: IndexSource = lexical.source === 'restored' && semantic.source === 'restored' ? 'restored' : 'built';
  return { ranker: createHybridRanker({ lexical: lexical.ranker, semantic: semantic.ranker }), source };
}
