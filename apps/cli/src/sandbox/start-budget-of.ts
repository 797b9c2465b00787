import type { Ranker } from '@loadout/core';
import type { SandboxedRanker } from './sandboxed-ranker.js';

/** The start budget of `ranker` while it starts in its worker (see `SandboxedRanker.startBudget`); undefined for a ranker of the main thread. */
export function startBudgetOf(ranker: Ranker): number | undefined {
  return (ranker as Partial<SandboxedRanker>).startBudget?.();
}
