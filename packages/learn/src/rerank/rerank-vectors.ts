import type { CatalogTool } from '@loadout/core';

/**
 * Word vectors for the re-ranker's optional `VECTOR_FEATURES` (GloVe-SIF:
 * `createRerankVectors` of `@loadout/embeddings` over its table). Sync, so
 * a search stays sync; a page that does not load a table uses a model
 * without these features.
 */
export interface RerankVectors {
  /** Length of every vector; 1–4,096. */
  readonly dimensions: number;
  /**
   * Fits to the catalog (a SIF embedder removes its principal components)
   * and returns the unit vectors of `tools`, row-major (`tools.length ×
   * dimensions`; a tool without a known word is all zeros). Called
   * whenever the catalog changes.
   */
  embedTools(tools: readonly CatalogTool[]): Float32Array;
  /** The unit vector of `text` (zeros without a known word), in the space of the last {@link embedTools}. */
  embedText(text: string): Float32Array;
}
