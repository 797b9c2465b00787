import type { Bm25RankerOptions } from '@loadout/bm25';
import type { RankerDefinition } from '@loadout/core';
import { BM25_OPTIONS, bm25OptionsOf } from './bm25-options-schema.js';
import type { Bm25Knobs } from './bm25-options-schema.js';
import { loadRankerModule } from './load-ranker-module.js';
import { createSemanticRanker, SEMANTIC_OPTIONS } from './semantic-options.js';
import type { SemanticOptions } from './semantic-options.js';

/** `hybrid`: 0.75 BM25F + 0.25 static embedding over min-max normalised scores of BM25F's top 100. */
export const hybridDefinition: RankerDefinition<SemanticOptions & Bm25Knobs & { bm25?: Bm25RankerOptions; weights?: { lexical?: number; semantic?: number } }> = {
  specificationVersion: 'v1',
  name: 'hybrid',
  description: '0.75 BM25F + 0.25 static word vectors, score fusion',
  queryKind: 'keywords',
  options: {
    ...BM25_OPTIONS,
    ...SEMANTIC_OPTIONS,
    weights: {
      type: 'object',
      properties: {
        lexical: { type: 'number', min: 0, max: 100, default: 0.75, description: "weight of BM25F's min-max normalised score" },
        semantic: { type: 'number', min: 0, max: 100, default: 0.25, description: "weight of the static embedding's normalised score" },
      },
      description: 'fusion weights (lexical 0.75, semantic 0.25; not both 0); a keyword match always ranks above a tool without one',
    },
  },
  async create(options) {
    const bm25 = await loadRankerModule(() => import('@loadout/bm25'), '@loadout/bm25', 'hybrid');
    const embeddings = await loadRankerModule(() => import('@loadout/embeddings'), '@loadout/embeddings', 'hybrid');
    return embeddings.createHybridRanker({
      lexical: bm25.createBm25Ranker(bm25OptionsOf(options)),
      semantic: await createSemanticRanker(options, 'hybrid'),
      ...(options.weights === undefined ? {} : { weights: options.weights }),
    });
  },
};
