import { withQuerySyntax } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { buildBm25f } from './build-bm25f.js';
import type { BuiltIndex, IndexSource, RankerBuildContext } from './build-context.js';
import { preindexed } from './preindexed.js';
import type { RankerName } from './ranker-names.js';

/** A ranker ready to answer queries, with `select:`, `+term` and exact-name syntax applied. */
export interface ReadyRanker {
  readonly ranker: Ranker;
  readonly source: IndexSource;
  /** Milliseconds from the first request to the index being ready. */
  readonly buildMs: number;
}

/** A catalog's rankers, each built once, on first use. */
export interface CatalogRankers {
  /** The ranker, building (or restoring) its index on the first call; a failed build is retried on the next call. */
  get(name: RankerName): Promise<ReadyRanker>;
  /** The ranker when its index is ready, else undefined (never starts a build). */
  peek(name: RankerName): ReadyRanker | undefined;
}

function memo<K, V>(map: Map<K, Promise<V>>, key: K, build: () => Promise<V>): Promise<V> {
  let promise = map.get(key);
  if (promise === undefined) {
    promise = build();
    map.set(key, promise);
    promise.catch(() => {
      if (map.get(key) === promise) map.delete(key);
    });
  }
  return promise;
}

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/**
 * Creates the lazy ranker set of one catalog. The hybrid ranker reuses the
 * BM25F and static-embedding indexes, so each index is built at most once.
 */
export function createCatalogRankers(context: RankerBuildContext): CatalogRankers {
  const bases = new Map<string, Promise<BuiltIndex>>();
  const ready = new Map<RankerName, Promise<ReadyRanker>>();
  const done = new Map<RankerName, ReadyRanker>();

  const bm25f = (): Promise<BuiltIndex> => memo(bases, 'bm25f', () => buildBm25f(context));
  const embeddings = () => import('./embedding-rankers.js');
  const staticEmbedding = (): Promise<BuiltIndex> =>
    memo(bases, 'static-embedding', async () => (await embeddings()).buildStaticEmbeddingIndex(context));
  const transformers = (): Promise<BuiltIndex> =>
    memo(bases, 'transformers', async () => (await embeddings()).buildTransformersIndex(context));

  const base = async (name: RankerName): Promise<BuiltIndex> => {
    switch (name) {
      case 'bm25f':
        return bm25f();
      case 'static-embedding':
        return staticEmbedding();
      case 'transformers':
        return transformers();
      case 'hybrid': {
        const [lexical, semantic, module] = await Promise.all([bm25f(), staticEmbedding(), embeddings()]);
        return module.combineHybrid(lexical, semantic);
      }
    }
  };

  return {
    get(name) {
      return memo(ready, name, async () => {
        const started = now();
        const built = await base(name);
        const ranker = withQuerySyntax(preindexed(built.ranker));
        await ranker.index(context.tools);
        const result: ReadyRanker = { ranker, source: built.source, buildMs: now() - started };
        done.set(name, result);
        return result;
      });
    },
    peek: (name) => done.get(name),
  };
}
