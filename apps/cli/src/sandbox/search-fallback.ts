import { forwardRanker, isLoadoutError } from '@loadout/core';
import type { CatalogTool, LoadoutError, Ranker, RankerDefinition } from '@loadout/core';
import type { RankerFallback } from './start-fallback.js';

/**
 * Whether `error` says a search overran its time budget: LoadoutError
 * `ranker-timeout` whose `details.operation` is `search` (the sandbox's
 * `SandboxBudget.searchMs`, 2,000 ms by default).
 */
export function isSearchTimeout(error: unknown): error is LoadoutError {
  return isLoadoutError(error) && error.code === 'ranker-timeout' && error.details['operation'] === 'search';
}

/**
 * `definition`, whose rankers answer a search that overran its time budget
 * ({@link isSearchTimeout}) with `fallback`'s ranker instead of failing it:
 * a fallback ranker made at the first such search and indexed with the
 * tools the ranker was given (made again after the tools changed), and one
 * line to `fallback.warn` per search so answered, naming the ranker, the
 * budget and the code. The next search goes to the plug-in again (its
 * sandbox started a new worker). Any other error passes unchanged. For
 * `loadout serve`, whose `search_tools` result does not name the ranker;
 * wrap it around `withStartFallback` so a ranker replaced at its start is
 * not wrapped twice in effect (the fallback never times out).
 */
export function withSearchFallback(definition: RankerDefinition, fallback: RankerFallback): RankerDefinition {
  const ranker = JSON.stringify(definition.name);
  const instead = JSON.stringify(fallback.name);

  const guarded = (primary: Ranker): Ranker => {
    let tools = new Map<string, CatalogTool>();
    /** The fallback ranker holding `tools`, once a search needed it; dropped when the tools change. */
    let standby: Promise<Ranker> | undefined;
    const changed = (): void => {
      standby = undefined;
    };
    const standbyRanker = (): Promise<Ranker> => {
      const made = (standby ??= fallback.create().then(async (created) => {
        await created.index([...tools.values()]);
        return created;
      }));
      // A failed build is not kept: the next timeout tries again.
      made.catch(() => {
        if (standby === made) standby = undefined;
      });
      return made;
    };
    return forwardRanker(primary, {
      get name() {
        return primary.name;
      },
      get size() {
        return primary.size;
      },
      async index(next) {
        tools = new Map(next.map((tool) => [tool.displayName, tool]));
        changed();
        await primary.index(next);
      },
      async add(next) {
        for (const tool of next) tools.set(tool.displayName, tool);
        changed();
        await primary.add(next);
      },
      async remove(names) {
        for (const name of names) tools.delete(name);
        changed();
        await primary.remove(names);
      },
      async search(query, options) {
        try {
          return await primary.search(query, options);
        } catch (error) {
          if (!isSearchTimeout(error)) throw error;
          const hits = await (await standbyRanker()).search(query, options);
          const budget = typeof error.details['budgetMs'] === 'number' ? `its ${error.details['budgetMs']} ms search budget` : 'its search budget';
          fallback.warn(`ranker ${ranker} did not answer a search within ${budget}, so the built-in ranker ${instead} answered it; the next search goes to ${ranker} again [${error.code}]`);
          return hits;
        }
      },
    });
  };

  return {
    ...definition,
    async create(options) {
      return guarded(await definition.create(options));
    },
  };
}
