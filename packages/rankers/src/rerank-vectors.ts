import type { RerankModel } from '@loadout/learn/rerank';
import { createLoadoutError } from '@loadout/core';
import type { SyncTextVectors } from '@loadout/core';
import { loadRankerModule } from './load-ranker-module.js';

type WordVectorTable = Parameters<typeof import('@loadout/embeddings').createRerankVectors>[0];

/** The default word-vector table, read once per process on first use (a failed read is retried next time). */
let table: Promise<WordVectorTable> | undefined;

/** Whether `model` reads word-vector features (`RERANK_VECTOR_FEATURES` or `RERANK_VECTOR_SIBLING_FEATURES`, which hold `VECTOR_FEATURES`). */
export function usesVectors(model: RerankModel | undefined): boolean {
  return model !== undefined && Array.isArray(model.features) && model.features.some((name) => name.startsWith('vector.'));
}

/**
 * GloVe-SIF vectors for a re-ranking model with `VECTOR_FEATURES`: the
 * table `@loadout/embeddings` builds into its package (offline, no
 * download), loaded on first use and shared, and a fresh
 * `createRerankVectors` over it per ranker (each fits its own catalog).
 * Throws `unsupported-environment` where the package or a file system is
 * missing (a browser), `file-not-found` / `file-unreadable` when the table is.
 */
export async function loadRerankVectors(forRanker: string): Promise<SyncTextVectors> {
  const embeddings = await loadRankerModule(() => import('@loadout/embeddings'), '@loadout/embeddings', forRanker);
  if (typeof embeddings.defaultStaticTablePath !== 'function' || typeof embeddings.loadStaticVectors !== 'function') {
    throw createLoadoutError('unsupported-environment', `ranker "${forRanker}": a model with word-vector features needs the word-vector table, which loads in Node only`, { ranker: forRanker });
  }
  const loading = (table ??= embeddings.loadStaticVectors(embeddings.defaultStaticTablePath()));
  try {
    return embeddings.createRerankVectors(await loading);
  } catch (error) {
    if (table === loading) table = undefined;
    throw error;
  }
}
