import type { RankerDefinition } from '@loadout/core';
import { bm25fDefinition } from './bm25f-definition.js';
import { hybridDefinition } from './hybrid-definition.js';
import { regexDefinition } from './regex-definition.js';
import { rerankDefinition } from './rerank-definition.js';
import { staticEmbeddingDefinition } from './static-embedding-definition.js';
import { winkBm25Definition } from './wink-bm25-definition.js';

/**
 * Loadout's built-in rankers, default first. Each definition imports its
 * implementation on first `create`, so this list is cheap to load. Adding
 * a built-in is its implementation, its definition file, and one line here.
 */
export const BUILTIN_RANKERS: readonly RankerDefinition[] = [
  bm25fDefinition as RankerDefinition,
  winkBm25Definition,
  regexDefinition,
  staticEmbeddingDefinition as RankerDefinition,
  hybridDefinition as RankerDefinition,
  rerankDefinition as RankerDefinition,
];
