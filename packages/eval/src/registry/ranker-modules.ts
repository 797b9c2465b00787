import { loadWorkspaceModule } from './load-workspace-module.js';

/** `@loadout/bm25`, imported on first use. */
export type Bm25Module = typeof import('@loadout/bm25');
/** `@loadout/bm25/wink`, imported on first use. */
export type WinkModule = typeof import('@loadout/bm25/wink');
/** `@loadout/bm25/regex`, imported on first use. */
export type RegexModule = typeof import('@loadout/bm25/regex');
/** `@loadout/embeddings`, imported on first use. */
export type EmbeddingsModule = typeof import('@loadout/embeddings');

/** Imports `@loadout/bm25` for the ranker `forRanker`. */
export function loadBm25(forRanker: string): Promise<Bm25Module> {
  return loadWorkspaceModule(() => import('@loadout/bm25'), '@loadout/bm25', forRanker);
}

/** Imports `@loadout/bm25/wink` (wink-bm25-text-search) for the ranker `forRanker`. */
export function loadWink(forRanker: string): Promise<WinkModule> {
  return loadWorkspaceModule(() => import('@loadout/bm25/wink'), '@loadout/bm25/wink', forRanker);
}

/** Imports `@loadout/bm25/regex` (re2js) for the ranker `forRanker`. */
export function loadRegex(forRanker: string): Promise<RegexModule> {
  return loadWorkspaceModule(() => import('@loadout/bm25/regex'), '@loadout/bm25/regex', forRanker);
}

/** Imports `@loadout/embeddings` for the ranker `forRanker`. */
export function loadEmbeddings(forRanker: string): Promise<EmbeddingsModule> {
  return loadWorkspaceModule(() => import('@loadout/embeddings'), '@loadout/embeddings', forRanker);
}
