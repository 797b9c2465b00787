import type { RankerDefinition } from '@loadout/core';
import { createSemanticRanker, SEMANTIC_OPTIONS } from './semantic-options.js';
import type { SemanticOptions } from './semantic-options.js';

/** `static-embedding`: cosine over GloVe-SIF word vectors (`@loadout/embeddings`), exact or HNSW index. */
export const staticEmbeddingDefinition: RankerDefinition<SemanticOptions> = {
  specificationVersion: 'v1',
  name: 'static-embedding',
  description: 'GloVe-SIF static word vectors, exact or HNSW index',
  queryKind: 'keywords',
  options: SEMANTIC_OPTIONS,
  create: (options) => createSemanticRanker(options, 'static-embedding'),
};
