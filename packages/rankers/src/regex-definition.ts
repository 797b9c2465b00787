import type { RankerDefinition } from '@loadout/core';
import { loadRankerModule } from './load-ranker-module.js';

/** `regex`: the Messages API's regex search (case-insensitive, linear-time RE2). Its query is a pattern, never rewritten. */
export const regexDefinition: RankerDefinition = {
  specificationVersion: 'v1',
  name: 'regex',
  description: 'regular-expression search, like the API\'s regex tool (a query is a pattern)',
  queryKind: 'pattern',
  capabilities: { browserSafe: true },
  async create() {
    const { createRegexRanker } = await loadRankerModule(() => import('@loadout/bm25/regex'), '@loadout/bm25/regex', 'regex');
    return createRegexRanker();
  },
};
