import type { Ranker } from '@loadout/core';

/**
 * The plug-in rankers one definition made for `loadout serve`'s index
 * generations (an upstream's tools changed: a new catalog, a new ranker),
 * and the newest of them whose plug-in ranks. See {@link rankingGenerations}.
 */
export interface RankingGenerations {
  /** Counts `primary` in as the newest generation's plug-in ranker; returns its generation. */
  add(primary: Ranker): number;
  /**
   * The plug-in ranker of `generation` ranks (it indexed in time, or took
   * over after a late start): it is the one searched for newer generations
   * still starting, and every older one is retired. When a newer generation
   * ranks already, `generation` is retired itself (no one searches it) and
   * false is returned.
   */
  ranks(generation: number): boolean;
  /** The plug-in ranker of the newest generation that ranks, if any. */
  working(): Ranker | undefined;
  /** Retires every generation's plug-in ranker: the plug-in failed for good, the fallback ranks from now on. */
  retireAll(): void;
}

/** Stops a sandboxed ranker's worker once it is idle (`SandboxedRanker.retire`); nothing for another ranker. */
function retire(ranker: Ranker): void {
  (ranker as Ranker & { retire?: () => void }).retire?.();
}

/**
 * Generations that hand over to each other: a generation whose plug-in
 * ranks retires the older ones (each sandboxed ranker's worker stops once no
 * call of it is in flight), so a re-index leaves one worker running, not one
 * more; a generation still starting is searched through the newest one that
 * ranks (see `withStartFallback`).
 */
export function rankingGenerations(): RankingGenerations {
  /** Not retired yet, by generation. */
  const live = new Map<number, Ranker>();
  let made = 0;
  let newest: number | undefined;
  const retireWhere = (old: (generation: number) => boolean): void => {
    for (const [generation, ranker] of live) {
      if (!old(generation)) continue;
      live.delete(generation);
      retire(ranker);
    }
  };
  return {
    add(primary) {
      live.set(made, primary);
      return made++;
    },
    ranks(generation) {
      if (newest !== undefined && newest > generation) {
        retireWhere((other) => other === generation);
        return false;
      }
      newest = generation;
      retireWhere((other) => other < generation);
      return true;
    },
    working: () => (newest === undefined ? undefined : live.get(newest)),
    retireAll() {
      retireWhere(() => true);
      newest = undefined;
    },
  };
}
