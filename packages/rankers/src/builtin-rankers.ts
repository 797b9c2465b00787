import type { RankerDefinition } from '@loadout/core';
import { BROWSER_SAFE_RANKERS } from './browser-safe-rankers.js';
import { hybridDefinition } from './hybrid-definition.js';
import { rerankGloveDefinition } from './rerank-glove-definition.js';
import { staticEmbeddingDefinition } from './static-embedding-definition.js';

/**
 * Loadout's built-in rankers, default first. Each definition imports its
 * implementation on first `create`, so this list is cheap to load. Adding
 * a built-in is its implementation, its definition file, and one line here
 * (or in `BROWSER_SAFE_RANKERS` when it declares `browserSafe`).
 */
export const BUILTIN_RANKERS: readonly RankerDefinition[] = [
  ...BROWSER_SAFE_RANKERS,
  staticEmbeddingDefinition as RankerDefinition,
  hybridDefinition as RankerDefinition,
  rerankGloveDefinition as RankerDefinition,
];
