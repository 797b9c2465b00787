import type { Bm25RankerOptions } from '@loadout/bm25';
import type { RerankModel, RerankRanker } from '@loadout/learn/rerank';
import type { RankerDefinition } from '@loadout/core';
import { bm25Usage } from './bm25f-definition.js';
import { BM25_OPTIONS, bm25OptionsOf } from './bm25-options-schema.js';
import type { Bm25Knobs } from './bm25-options-schema.js';
import { loadRankerModule } from './load-ranker-module.js';
import { loadRerankVectors, usesVectors } from './rerank-vectors.js';

/** Options of the `rerank` ranker. */
export interface RerankDefinitionOptions extends Bm25Knobs {
  /** First-stage BM25F options. Default: the tuned ones. */
  readonly bm25?: Bm25RankerOptions;
  /** First-stage candidates the model re-scores. Default: the model's `candidates` (a learned model records its cut), else 50; 1–1,000. */
  readonly candidates?: number;
  /** A model (`RerankModel` JSON, e.g. one `loadout learn` fitted; one with word-vector features loads the table, Node only). Default: the shipped lexical model. */
  readonly model?: RerankModel;
}

/**
 * `rerank`: clause-fused BM25F, then a learned model re-scores its top 50
 * (`@loadout/learn`'s `createRerankRanker`). Opt-in: the shipped model,
 * trained on the benchmark sets, loses on some unseen catalogs, so `bm25f`
 * stays the default; a deployment's own logs are what make it pay.
 */
export const rerankDefinition: RankerDefinition<RerankDefinitionOptions> = {
  specificationVersion: 'v1',
  name: 'rerank',
  description: 'BM25F, then a learned model re-ranks its top 50 (opt-in)',
  queryKind: 'keywords',
  options: {
    ...BM25_OPTIONS,
    candidates: { type: 'integer', min: 1, max: 1000, description: "first-stage candidates the model re-scores; default: the model's, else 50" },
    model: { type: 'object', description: 'a re-ranking model (JSON from loadout learn); default: the shipped lexical model' },
  },
  capabilities: {
    browserSafe: true,
    persistence: {
      /** The first stage's `@loadout/bm25` blob: its codec version, as bm25f's (a test keeps them equal). */
      format: 'lbmf2',
      save: (ranker) => (ranker as RerankRanker).serialize(),
      restore: (ranker, bytes, tools) => (ranker as RerankRanker).load(bytes, tools),
    },
    usage: bm25Usage(),
  },
  async create(options) {
    const { createRerankRanker, LEXICAL_RERANK_MODEL } = await loadRankerModule(() => import('@loadout/learn/rerank'), '@loadout/learn', 'rerank');
    const bm25 = bm25OptionsOf(options);
    return createRerankRanker({
      model: options.model ?? LEXICAL_RERANK_MODEL,
      ...(usesVectors(options.model) ? { vectors: await loadRerankVectors('rerank') } : {}),
      ...(bm25 === undefined ? {} : { bm25 }),
      ...(options.candidates === undefined ? {} : { candidates: options.candidates }),
    });
  },
};
