import type { Bm25Ranker, Bm25RankerOptions } from '@loadout/bm25';
import type { RerankModel } from '@loadout/learn/rerank';
import type { RankerDefinition, RankerLearnedPart, RankerUsage } from '@loadout/core';
import { BM25_OPTIONS, bm25OptionsOf } from './bm25-options-schema.js';
import type { Bm25Knobs } from './bm25-options-schema.js';
import { loadRankerModule } from './load-ranker-module.js';
import { loadRerankVectors, usesVectors } from './rerank-vectors.js';

/** Options of the `bm25f` ranker (a type, not an interface, so it stays a `Record<string, unknown>`). */
export type Bm25fDefinitionOptions = Bm25Knobs & {
  /** BM25F options. Default: the tuned ones. */
  readonly bm25?: Bm25RankerOptions;
  /**
   * A re-ranking model over its top candidates (the model's `candidates`:
   * 50, or 100 when learned on 5,000 tools or more) that learning fitted on this
   * deployment's usage (`capabilities.usage`); one with word-vector
   * features loads the word-vector table `@loadout/embeddings` builds (Node
   * only). Default: none (BM25F alone).
   */
  readonly model?: RerankModel;
};

/**
 * How `bm25f`, `rerank` and `rerank-glove` learn: the usage field joins the
 * BM25F options (as `@loadout/learn` fits over them; this package loads
 * `@loadout/bm25` only when a ranker is made), and, when `learns` has
 * `model`, a learned model re-ranks the top candidates it records. Default
 * `learns`: `['model']`.
 */
export function bm25Usage<Options extends { bm25?: Bm25RankerOptions; model?: RerankModel }>(learns: readonly RankerLearnedPart[] = ['model']): RankerUsage<Options> {
  return {
    learns,
    withUsage: (options, usage) => ({
      ...options,
      bm25: {
        ...options.bm25,
        fieldWeights: { ...options.bm25?.fieldWeights, usage: usage.weight },
        usage: usage.text,
      },
      ...(usage.model === undefined ? {} : { model: usage.model as RerankModel }),
    }),
  };
}

/** `bm25f`: BM25F over typed arrays with the tool-aware analyzer and clause fusion (`@loadout/bm25`); the default. */
export const bm25fDefinition: RankerDefinition<Bm25fDefinitionOptions> = {
  specificationVersion: 'v1',
  name: 'bm25f',
  description: 'BM25F with identifier splitting, field weights and clause fusion',
  queryKind: 'keywords',
  options: {
    ...BM25_OPTIONS,
    model: { type: 'object', description: 'a re-ranking model over the top 50 (100 from 5,000 tools) that loadout learn fitted on this deployment\'s usage; default: none (BM25F alone)' },
  },
  capabilities: {
    browserSafe: true,
    persistence: {
      /** The `@loadout/bm25` blob and its codec version (`INDEX_FORMAT_VERSION`; a test keeps them equal). */
      format: 'lbmf2',
      save: (ranker) => (ranker as Bm25Ranker).serialize(),
      restore: (ranker, bytes, tools) => (ranker as Bm25Ranker).load(bytes, tools),
    },
    usage: bm25Usage(),
  },
  async create(options) {
    if (options.model !== undefined) {
      const { createRerankRanker } = await loadRankerModule(() => import('@loadout/learn/rerank'), '@loadout/learn', 'bm25f');
      const vectors = usesVectors(options.model) ? { vectors: await loadRerankVectors('bm25f') } : {};
      const bm25 = bm25OptionsOf(options);
      return createRerankRanker({ model: options.model, ...(bm25 === undefined ? {} : { bm25 }), ...vectors });
    }
    const { createBm25Ranker } = await loadRankerModule(() => import('@loadout/bm25'), '@loadout/bm25', 'bm25f');
    return createBm25Ranker(bm25OptionsOf(options));
  },
};
