import type { Bm25RankerOptions } from '@loadout/bm25';
import type { RankerDefinition } from '@loadout/core';
import { BM25_OPTION } from './bm25f-definition.js';
import { loadRankerModule } from './load-ranker-module.js';
import { createSemanticRanker, SEMANTIC_OPTIONS } from './semantic-options.js';
import type { SemanticOptions } from './semantic-options.js';

/** `hybrid`: 0.75 BM25F + 0.25 static embedding over min-max normalised scores of BM25F's top 100. */
export const hybridDefinition: RankerDefinition<SemanticOptions & { bm25?: Bm25RankerOptions }> = {
  specificationVersion: 'v1',
  name: 'hybrid',
  description: '0.75 BM25F + 0.25 static word vectors, score fusion',
  queryKind: 'keywords',
  options: { bm25: BM25_OPTION, ...SEMANTIC_OPTIONS },
  async create(options) {
    const bm25 = await loadRankerModule(() => import('@loadout/bm25'), '@loadout/bm25', 'hybrid');
    const embeddings = await loadRankerModule(() => import('@loadout/embeddings'), '@loadout/embeddings', 'hybrid');
    return embeddings.createHybridRanker({ lexical: bm25.createBm25Ranker(options.bm25), semantic: await createSemanticRanker(options, 'hybrid') });
  },
};
