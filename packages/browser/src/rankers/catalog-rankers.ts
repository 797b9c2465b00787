import { applyQueryKind } from '@loadout/core/plugins';
import type { Ranker, RankerDefinition } from '@loadout/core';
import { buildBm25f } from './build-bm25f.js';
import type { BuiltIndex, IndexSource, RankerBuildContext } from './build-context.js';
import { buildCustom } from './build-custom.js';
import { preindexed } from './preindexed.js';
import type { RankerName } from './ranker-names.js';

/** A ranker ready to answer queries, with `select:`, `+term` and exact-name syntax applied unless its queries are patterns. */
export interface ReadyRanker {
  readonly ranker: Ranker;
  readonly source: IndexSource;
  /** Milliseconds from the first request to the index being ready. */
  readonly buildMs: number;
}

/** A catalog's rankers, each built once, on first use. */
export interface CatalogRankers {
  /** The ranker, building (or restoring) its index on the first call; a failed build is retried on the next call. */
  get(name: string): Promise<ReadyRanker>;
  /** The ranker when its index is ready, else undefined (never starts a build). */
  peek(name: string): ReadyRanker | undefined;
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

const KEYWORDS = { queryKind: 'keywords' } as const;

/**
 * Creates the lazy ranker set of one catalog: the built-ins (the hybrid
 * ranker reuses the BM25F and static-embedding indexes, so each index is
 * built at most once) and the page's own definitions (`custom`, by name).
 */
export function createCatalogRankers(context: RankerBuildContext, custom: ReadonlyMap<string, RankerDefinition> = new Map()): CatalogRankers {
  const bases = new Map<string, Promise<BuiltIndex>>();
  const ready = new Map<string, Promise<ReadyRanker>>();
  const done = new Map<string, ReadyRanker>();

  const embeddings = () => import('./embedding-rankers.js');
  const bm25f = (): Promise<BuiltIndex> => memo(bases, 'bm25f', () => buildBm25f(context));
  const staticEmbedding = (): Promise<BuiltIndex> =>
    memo(bases, 'static-embedding', async () => (await embeddings()).buildStaticEmbeddingIndex(context));
  /** The built-in indexes by name; a page's definitions join them through `custom`. */
  const builtins: Readonly<Record<RankerName, () => Promise<BuiltIndex>>> = {
    bm25f,
    'static-embedding': staticEmbedding,
    hybrid: async () => {
      const [lexical, semantic, module] = await Promise.all([bm25f(), staticEmbedding(), embeddings()]);
      return module.combineHybrid(lexical, semantic);
    },
    transformers: () => memo(bases, 'transformers', async () => (await embeddings()).buildTransformersIndex(context)),
  };

  return {
    get(name) {
      return memo(ready, name, async () => {
        const started = now();
        const definition = custom.get(name);
        const built = definition === undefined ? await builtins[name as RankerName]() : await buildCustom(context, definition);
        const ranker = applyQueryKind(definition ?? KEYWORDS, preindexed(built.ranker));
        await ranker.index(context.tools);
        const result: ReadyRanker = { ranker, source: built.source, buildMs: now() - started };
        done.set(name, result);
        return result;
      });
    },
    peek: (name) => done.get(name),
  };
}
