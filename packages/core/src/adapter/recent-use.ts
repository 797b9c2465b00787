/** The order in which tools were last loaded or called, for unloading the least recently used first. */
export interface RecentUse {
  /** The tool was loaded or called just now. */
  use(apiName: string): void;
  /** These names, least recently used first (names never used first, in the order given). */
  order(apiNames: readonly string[]): string[];
}

/** Creates an empty {@link RecentUse}. */
export function createRecentUse(): RecentUse {
  const ticks = new Map<string, number>();
  let tick = 0;
  return {
    use(apiName) {
      ticks.set(apiName, ++tick);
    },
    order(apiNames) {
      return apiNames
        .map((name, index) => ({ name, index, tick: ticks.get(name) ?? 0 }))
        .sort((a, b) => a.tick - b.tick || a.index - b.index)
        .map((entry) => entry.name);
    },
  };
}
