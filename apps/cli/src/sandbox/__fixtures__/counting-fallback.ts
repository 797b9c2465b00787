import { createBuiltinRegistry } from '@loadout/rankers';
import type { RankerFallback } from '../start-fallback.js';

/** bm25f as a plug-in ranker's fallback, keeping the warnings and info lines it was given and counting the rankers it made. */
export function countingFallback(): RankerFallback & { warnings: string[]; infos: string[]; made: number } {
  const builtins = createBuiltinRegistry();
  const state = {
    name: 'bm25f',
    warnings: [] as string[],
    infos: [] as string[],
    made: 0,
    create: () => {
      state.made++;
      return builtins.createRanker('bm25f', undefined, false);
    },
    warn: (message: string) => void state.warnings.push(message),
    info: (message: string) => void state.infos.push(message),
  };
  return state;
}
