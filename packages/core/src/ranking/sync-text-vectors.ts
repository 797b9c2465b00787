import type { CatalogTool } from '../catalog/tool.js';

/**
 * Sync vectors of tools and texts, fitted to one catalog at a time (version
 * 1 of this contract): what the re-ranker's word-vector features read, sync
 * so a search stays sync. Implementation: `createRerankVectors` of
 * `@loadout/embeddings` (GloVe-SIF).
 */
export interface SyncTextVectors {
  /** Length of every vector; 1–4,096. */
  readonly dimensions: number;
  /** Fits to `tools` and returns their unit vectors, row-major (`tools.length × dimensions`; zeros without a known word); called when the catalog changes. */
  embedTools(tools: readonly CatalogTool[]): Float32Array;
  /** The unit vector of `text` (zeros without a known word), in the space of the last {@link embedTools}. */
  embedText(text: string): Float32Array;
}
