import type { CatalogTool, Ranker } from '@loadout/core';

/** Where {@link previousGeneration} finds its answers. */
export interface PreviousGenerationSource {
  /** The plug-in's name, which the stand-in has while the plug-in answers. */
  readonly name: string;
  /** The fallback's name (`bm25f`), which it has once the fallback answers. */
  readonly fallbackName: string;
  /** The plug-in ranker of an older generation that ranks, or undefined once there is none (the plug-in failed for good). */
  working(): Ranker | undefined;
  /** The tools of this generation, by display name (kept by the caller). */
  tools(): ReadonlyMap<string, CatalogTool>;
  /** A fresh fallback ranker (bm25f), for when there is no working generation. */
  fallback(): Promise<Ranker>;
}

/**
 * What answers a generation's searches while its plug-in ranker is still
 * starting. When an older generation's plug-in ranks (`source.working()`),
 * each search goes to it, limited to this generation's tools (by display
 * name) and answered with them, so results do not flip to the fallback and
 * back; tools new in this generation are not found meanwhile. When none
 * does (none has started yet, or the plug-in failed for good), a fallback
 * ranker made with this generation's tools answers (made at its first
 * search, again after they change). It asks at each search, so it moves to
 * a generation as soon as that one ranks. `index`, `add` and `remove` only
 * drop the fallback ranker: the caller keeps the tools.
 */
export function previousGeneration(source: PreviousGenerationSource): Ranker {
  let standby: Promise<Ranker> | undefined;
  const changed = (): void => {
    standby = undefined;
  };
  const fallbackRanker = (): Promise<Ranker> => {
    const made = (standby ??= source.fallback().then(async (created) => {
      await created.index([...source.tools().values()]);
      return created;
    }));
    // A failed build is not kept: the next search tries again.
    made.catch(() => {
      if (standby === made) standby = undefined;
    });
    return made;
  };
  return {
    specificationVersion: 'v1',
    get name() {
      return source.working() === undefined ? source.fallbackName : source.name;
    },
    get size() {
      return source.tools().size;
    },
    index: changed,
    add: changed,
    remove: changed,
    async search(query, options = {}) {
      const from = source.working();
      if (from === undefined) return (await fallbackRanker()).search(query, options);
      const held = source.tools();
      const { filter } = options;
      // Only this generation's tools, as this generation has them: the older one may hold some it lacks.
      const hits = await from.search(query, {
        ...options,
        filter: (tool) => {
          const mine = held.get(tool.displayName);
          return mine !== undefined && (filter === undefined || filter(mine));
        },
      });
      // A name this generation lacks (a plug-in ignoring the filter) stays as it is, for the result check to refuse.
      return hits.map((hit) => {
        const mine = held.get(hit.tool.displayName);
        return mine === undefined ? hit : { ...hit, tool: mine };
      });
    },
  };
}
