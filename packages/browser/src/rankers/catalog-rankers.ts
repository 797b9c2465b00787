import { applyQueryKind, withCheckedResults } from '@loadout/core/plugins';
import type { Ranker, Registry } from '@loadout/core';
import { buildIndex } from './build-index.js';
import type { IndexSource, RankerBuildContext } from './build-context.js';
import { preindexed } from './preindexed.js';

/** A ranker ready to answer queries: every result checked (`withCheckedResults`: `ranker-invalid-result` for a malformed one), then `select:`, `+term` and exact-name syntax applied unless its queries are patterns. */
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

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/**
 * Creates the lazy ranker set of one catalog: any ranker of `registry`
 * (the engine's, see `createEngineRegistry`), each built from its
 * definition at most once, restored or persisted through its persistence
 * capability, and wrapped per its `queryKind`.
 */
export function createCatalogRankers(context: RankerBuildContext, registry: Registry): CatalogRankers {
  const ready = new Map<string, Promise<ReadyRanker>>();
  const done = new Map<string, ReadyRanker>();
  return {
    get(name) {
      let promise = ready.get(name);
      if (promise === undefined) {
        const definition = registry.ranker(name);
        promise = (async () => {
          const started = now();
          const built = await buildIndex(context, definition);
          const ranker = applyQueryKind(definition, withCheckedResults(preindexed(built.ranker)));
          await ranker.index(context.tools);
          const result: ReadyRanker = { ranker, source: built.source, buildMs: now() - started };
          done.set(name, result);
          return result;
        })();
        ready.set(name, promise);
        const settled = promise;
        settled.catch(() => {
          if (ready.get(name) === settled) ready.delete(name);
        });
      }
      return promise;
    },
    peek: (name) => done.get(name),
  };
}
