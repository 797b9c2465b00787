import type { RankerDefinition } from '@loadout/core';
import { bm25fDefinition } from './bm25f-definition.js';
import { regexDefinition } from './regex-definition.js';
import { rerankDefinition } from './rerank-definition.js';
import { winkBm25Definition } from './wink-bm25-definition.js';

/**
 * The built-ins that declare `capabilities.browserSafe: true`, default
 * first. Kept apart from the others (which load Node-only packages) so a
 * page's bundle never follows their imports; `BUILTIN_RANKERS` starts with
 * these, and a test checks the split against each definition's flag.
 */
export const BROWSER_SAFE_RANKERS: readonly RankerDefinition[] = [
  bm25fDefinition as RankerDefinition,
  winkBm25Definition,
  regexDefinition,
  rerankDefinition as RankerDefinition,
];
