import { createLoadoutError } from '@loadout/core';
import type { RankerDefinition } from '@loadout/core';
import { START_BUDGET_HINT } from '../sandbox/plug-in-limits.js';

/**
 * The definition the registry holds for the ranker `name` whose module
 * `file` did not finish loading within `startMs` when the config was read
 * (top-level code that never settles): its `create` fails with
 * `ranker-timeout` (`details.operation` `load`), as a plug-in that cannot
 * start does, so `loadout search` exits 2, `loadout eval` counts it failed
 * and measures the others, and `loadout serve` falls back (see
 * `withStartFallback`). It takes `optionNames` unchecked (`any`): the
 * module that would say what they are never loaded. Its query kind is
 * `keywords`, the fallback's.
 */
export function unloadedRankerDefinition(name: string, file: string, startMs: number, optionNames: readonly string[] = []): RankerDefinition {
  return {
    specificationVersion: 'v1',
    name,
    description: `not loaded: ${file} did not finish loading within ${startMs} ms`,
    queryKind: 'keywords',
    ...(optionNames.length === 0 ? {} : { options: Object.fromEntries(optionNames.map((option) => [option, { type: 'any', description: 'not checked: the module did not load' }])) }),
    create() {
      throw createLoadoutError(
        'ranker-timeout',
        `ranker ${JSON.stringify(name)} did not start: its module ${file} did not finish loading within ${startMs} ms (top-level code that never settles? ${START_BUDGET_HINT})`,
        { ranker: name, budgetMs: startMs, operation: 'load' },
      );
    },
  };
}
