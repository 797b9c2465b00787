import type { CatalogTool, Embedder } from '@loadout/core';

/**
 * An {@link Embedder} that embeds a tool from its separate fields (a weighted
 * name, description and parameters) rather than from one sentence. The
 * embedding ranker prefers `embedTools` when an embedder has it.
 */
export interface ToolEmbedder extends Embedder {
  /** One L2-normalised vector per tool, in order; in the same space as `embed`. */
  embedTools(tools: readonly CatalogTool[]): Promise<Float32Array[]>;
}

/**
 * An {@link Embedder} with corpus-dependent settings (principal components to
 * remove). The embedding ranker fits it on the tools it indexes. Fitting
 * changes `modelId`, so caches and saved indexes never mix fits.
 */
export interface FittableEmbedder extends Embedder {
  /** Fits on these texts or tools, replacing any earlier fit. An empty corpus removes the fit. */
  fit(corpus: readonly (string | CatalogTool)[]): Promise<void>;
}

/** True when `embedder` has {@link ToolEmbedder.embedTools}. */
export function isToolEmbedder(embedder: Embedder): embedder is ToolEmbedder {
  return typeof (embedder as Partial<ToolEmbedder>).embedTools === 'function';
}

/** True when `embedder` has {@link FittableEmbedder.fit}. */
export function isFittableEmbedder(embedder: Embedder): embedder is FittableEmbedder {
  return typeof (embedder as Partial<FittableEmbedder>).fit === 'function';
}
