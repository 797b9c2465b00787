import { createLoadoutError, describeValue } from '@loadout/core';
import type { Embedder, Ranker } from '@loadout/core';
import type { Bm25RankerOptions } from '@loadout/bm25';
import { loadBm25, loadEmbeddings, loadRegex, loadWink } from './ranker-modules.js';
import { checkRankerName, DEFAULT_RANKER_NAME } from './ranker-names.js';
import type { RankerName } from './ranker-names.js';

/** Options of {@link createRankerByName}; each applies only to the rankers it names. */
export interface CreateRankerByNameOptions {
  /** `createBm25Ranker` options for `bm25f` and the lexical half of `hybrid`. Default: its tuned defaults. */
  readonly bm25?: Bm25RankerOptions;
  /**
   * Embedder of `static-embedding` and `hybrid`. Default: a new
   * `createStaticEmbedder()` (GloVe-SIF, 100 dimensions; reads its table on
   * first use). The ranker fits it on the tools it indexes, so share one
   * embedder between rankers only when they index the same tools.
   */
  readonly embedder?: Embedder;
  /**
   * Vector index of `static-embedding` and `hybrid`: `exact` (a brute-force
   * scan, deterministic) or `hnsw` (hnswlib-node, approximate, Node only).
   * Default `exact`.
   */
  readonly vectorIndex?: 'exact' | 'hnsw';
}

function checkVectorIndex(value: unknown): void {
  if (value === undefined || value === 'exact' || value === 'hnsw') return;
  throw createLoadoutError('invalid-option', `@loadout/eval: vectorIndex must be "exact" or "hnsw" (got ${describeValue(value)})`, {
    option: 'vectorIndex',
    value,
  });
}

async function createSemanticRanker(name: RankerName, options: CreateRankerByNameOptions): Promise<Ranker> {
  const embeddings = await loadEmbeddings(name);
  const embedder = options.embedder ?? embeddings.createStaticEmbedder();
  const { vectorIndex = 'exact' } = options;
  const dimensions = embedder.dimensions;
  const index = vectorIndex === 'hnsw' ? embeddings.createHnswIndex({ dimensions }) : embeddings.createExactIndex({ dimensions });
  return embeddings.createEmbeddingRanker({ embedder, index, name: 'static-embedding' });
}

/**
 * Builds a ranker by its registry name (see `listRankers`):
 * - `bm25f` (default): `@loadout/bm25`'s BM25F with its tuned weights;
 * - `wink-bm25`: the wink-bm25-text-search adapter;
 * - `regex`: the regular-expression ranker (a query is a pattern);
 * - `static-embedding`: cosine over GloVe-SIF vectors (`@loadout/embeddings`);
 * - `hybrid`: BM25F fused with the static embedding (0.75 / 0.25 of min-max
 *   normalised scores over BM25F's top 100).
 *
 * Async because the embedding packages load lazily. Throws `unknown-ranker`
 * naming the value and listing the valid names, and `unsupported-environment`
 * when the package a ranker needs cannot be loaded.
 */
export async function createRankerByName(name: string = DEFAULT_RANKER_NAME, options: CreateRankerByNameOptions = {}): Promise<Ranker> {
  const rankerName = checkRankerName(name);
  checkVectorIndex(options.vectorIndex);
  switch (rankerName) {
    case 'bm25f':
      return (await loadBm25(rankerName)).createBm25Ranker(options.bm25);
    case 'wink-bm25':
      return (await loadWink(rankerName)).createWinkBm25Ranker();
    case 'regex':
      return (await loadRegex(rankerName)).createRegexRanker();
    case 'static-embedding':
      return createSemanticRanker(rankerName, options);
    case 'hybrid': {
      const bm25 = await loadBm25(rankerName);
      const embeddings = await loadEmbeddings(rankerName);
      return embeddings.createHybridRanker({
        lexical: bm25.createBm25Ranker(options.bm25),
        semantic: await createSemanticRanker(rankerName, options),
      });
    }
  }
}
