import type { CatalogTool } from '@loadout/core';

/** Word vectors for the `VECTOR_FEATURES` (GloVe-SIF: `createRerankVectors` of `@loadout/embeddings`); sync, so a search stays sync. */
export interface RerankVectors {
  /** Length of every vector; 1–4,096. */
  readonly dimensions: number;
  /** Fits to the catalog and returns the unit vectors of `tools`, row-major (zeros without a known word); called when the catalog changes. */
  embedTools(tools: readonly CatalogTool[]): Float32Array;
  /** The unit vector of `text` (zeros without a known word), in the space of the last {@link embedTools}. */
  embedText(text: string): Float32Array;
}
