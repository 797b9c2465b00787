import type { RankerDefinition } from '@loadout/core';
import { bm25OptionsOf } from './bm25-options-schema.js';
import { bm25Usage } from './bm25f-definition.js';
import { loadRankerModule } from './load-ranker-module.js';
import { rerankDefinition } from './rerank-definition.js';
import { loadRerankVectors } from './rerank-vectors.js';
import type { RerankDefinitionOptions } from './rerank-definition.js';

/**
 * `rerank-glove`: `rerank` with the shipped model that also reads GloVe-SIF
 * cosines of the query and its clauses to each candidate (the word-vector
 * table `@loadout/embeddings` builds, read from disk on create: Node only).
 * Opt-in like `rerank`. It learns the usage field only and keeps its
 * model: learning fits lexical features, and a model fitted from logs would
 * replace the word-vector one (a `model` option still does).
 */
export const rerankGloveDefinition: RankerDefinition<RerankDefinitionOptions> = {
  ...rerankDefinition,
  name: 'rerank-glove',
  description: 'BM25F, then a learned model with GloVe word-vector features re-ranks its top 50 (opt-in, Node)',
  options: {
    ...rerankDefinition.options,
    model: { type: 'object', description: 'a re-ranking model (JSON from loadout learn); default: the shipped GloVe model' },
  },
  capabilities: { ...rerankDefinition.capabilities, browserSafe: false, usage: bm25Usage([]) },
  async create(options) {
    const { createRerankRanker } = await loadRankerModule(() => import('@loadout/learn/rerank'), '@loadout/learn', 'rerank-glove');
    const { GLOVE_RERANK_MODEL } = await loadRankerModule(() => import('@loadout/learn/rerank-glove'), '@loadout/learn', 'rerank-glove');
    const bm25 = bm25OptionsOf(options);
    return createRerankRanker({
      name: 'rerank-glove',
      model: options.model ?? GLOVE_RERANK_MODEL,
      vectors: await loadRerankVectors('rerank-glove'),
      ...(bm25 === undefined ? {} : { bm25 }),
      ...(options.candidates === undefined ? {} : { candidates: options.candidates }),
    });
  },
};
