import { createLoadoutError, describeValue } from '@loadout/core';

/**
 * The rankers an engine offers:
 * - `bm25f`: BM25F over typed arrays (`@loadout/bm25`); persisted.
 * - `static-embedding`: GloVe word vectors with SIF weighting (the compact table fetched from `staticTableUrl`); vectors persisted.
 * - `hybrid`: BM25F candidates re-scored with the static embedding (0.75 / 0.25).
 * - `transformers`: a transformers.js sentence model on the WASM backend, from local files; vectors persisted.
 */
export const RANKER_NAMES = ['bm25f', 'static-embedding', 'hybrid', 'transformers'] as const;

/** A ranker name from {@link RANKER_NAMES}. */
export type RankerName = (typeof RANKER_NAMES)[number];

/** Checks a ranker name; throws `unknown-ranker` listing the valid ones. */
export function readRankerName(value: unknown): RankerName {
  if ((RANKER_NAMES as readonly unknown[]).includes(value)) return value as RankerName;
  throw createLoadoutError('unknown-ranker', `@loadout/browser: unknown ranker ${describeValue(value)}; expected one of ${RANKER_NAMES.join(', ')}`, {
    ranker: value,
    known: [...RANKER_NAMES],
  });
}
