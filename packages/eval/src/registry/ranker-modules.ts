import { loadWorkspaceModule } from './load-workspace-module.js';

/** `@loadout/bm25`, imported on first use. */
export type Bm25Module = typeof import('@loadout/bm25');
/** `@loadout/embeddings`, imported on first use. */
export type EmbeddingsModule = typeof import('@loadout/embeddings');

/** Imports `@loadout/bm25` for the ranker `forRanker`. */
export function loadBm25(forRanker: string): Promise<Bm25Module> {
  return loadWorkspaceModule(() => import('@loadout/bm25'), '@loadout/bm25', forRanker);
}

/** Imports `@loadout/embeddings` for the ranker `forRanker`. */
export function loadEmbeddings(forRanker: string): Promise<EmbeddingsModule> {
  return loadWorkspaceModule(() => import('@loadout/embeddings'), '@loadout/embeddings', forRanker);
}
