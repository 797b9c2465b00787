import type { Bm25Ranker, Bm25RankerOptions } from '@loadout/bm25';
import type { RankerDefinition } from '@loadout/core';
import { loadRankerModule } from './load-ranker-module.js';

/** Options of every ranker with a BM25F part. */
export const BM25_OPTION = {
  type: 'object',
  description: 'createBm25Ranker options (k1, b, field weights, multiIntent, …); default: the tuned ones',
} as const;

/** `bm25f`: BM25F over typed arrays with the tool-aware analyzer and clause fusion (`@loadout/bm25`); the default. */
export const bm25fDefinition: RankerDefinition<{ bm25?: Bm25RankerOptions }> = {
  specificationVersion: 'v1',
  name: 'bm25f',
  description: 'BM25F with identifier splitting, field weights and clause fusion (default)',
  queryKind: 'keywords',
  options: { bm25: BM25_OPTION },
  capabilities: {
    browserSafe: true,
    persistence: {
      /** The `@loadout/bm25` blob and its codec version (`INDEX_FORMAT_VERSION`; a test keeps them equal). */
      format: 'lbmf2',
      save: (ranker) => (ranker as Bm25Ranker).serialize(),
      restore: (ranker, bytes, tools) => (ranker as Bm25Ranker).load(bytes, tools),
    },
    usage: {
      withUsage: (options, usage) => ({
        ...options,
        bm25: { ...options.bm25, fieldWeights: { ...options.bm25?.fieldWeights, usage: usage.weight }, usage: usage.text },
      }),
    },
  },
  async create(options) {
    const { createBm25Ranker } = await loadRankerModule(() => import('@loadout/bm25'), '@loadout/bm25', 'bm25f');
    return createBm25Ranker(options.bm25);
  },
};
