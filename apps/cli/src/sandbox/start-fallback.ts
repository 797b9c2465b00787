import { forwardRanker, isLoadoutError } from '@loadout/core';
import type { CatalogTool, LoadoutError, Ranker, RankerDefinition } from '@loadout/core';

/** The sandbox's note that the next call starts the ranker again (see `createSandboxedRanker`). */
const RETRY_NOTE = /; (it was stopped, the next call|this call failed, the next one) starts it again$/;

/** The operations of a ranker's start: loading its module, its definition's `create`. */
const STARTING: ReadonlySet<unknown> = new Set(['load', 'create']);

/**
 * Whether `error` says a plug-in ranker could not start: LoadoutError
 * `ranker-timeout` or `ranker-failed` whose `details.operation` is `load` or
 * `create` (its module did not load in time, or `create` threw, overran the
 * start budget or ended its worker).
 */
export function isStartFailure(error: unknown): error is LoadoutError {
  return isLoadoutError(error) && (error.code === 'ranker-timeout' || error.code === 'ranker-failed') && STARTING.has(error.details['operation']);
}

/** What a plug-in ranker that cannot start is replaced with (`loadout serve`: the built-in default ranker). */
export interface RankerFallback {
  /** The fallback's name, for the warning (`bm25f`). */
  readonly name: string;
  /** A fresh, empty fallback ranker, with its default options, bare (no query syntax: the caller applies it). */
  create(): Promise<Ranker>;
  /** Receives the one warning, naming the ranker, why it could not start and the code. */
  warn(message: string): void;
}

/**
 * `definition`, whose rankers are replaced by `fallback`'s when they cannot
 * start ({@link isStartFailure}: its `create` fails so, or the first
 * `index`, `add`, `remove` or search of a ranker it made does): the tools
 * it was given are indexed in a fresh fallback ranker, the call answered by
 * it, and `fallback.warn` told once. From then on, for the rest of the
 * process, `create` makes fallback rankers without trying the plug-in again
 * (as a mod file that failed stays off): a deployment keeps serving, and the
 * operator restarts it once the plug-in is fixed. Any other error passes
 * unchanged. The options, query kind and usage capability stay the
 * definition's; a fallback ranker learns nothing from usage.
 */
export function withStartFallback(definition: RankerDefinition, fallback: RankerFallback): RankerDefinition {
  let failed: LoadoutError | undefined;

  const fallBack = (error: LoadoutError): Promise<Ranker> => {
    if (failed === undefined) {
      failed = error;
      // Its first line, without the sandbox's note that the next call tries again: no call will.
      const reason = (error.message.split('\n')[0] ?? '').replace(RETRY_NOTE, '');
      fallback.warn(`ranker ${JSON.stringify(definition.name)} could not start, so the built-in ranker ${JSON.stringify(fallback.name)} ranks instead until restarted: ${reason} [${error.code}]`);
    }
    return fallback.create();
  };

  /** `primary`, replaced by a fallback ranker holding the same tools once one of its calls fails to start it. */
  const guarded = (primary: Ranker): Ranker => {
    let active = primary;
    let tools = new Map<string, CatalogTool>();
    let replacing: Promise<Ranker> | undefined;
    /** Runs `run` on the active ranker; on a start failure, once more on the fallback when `again` (an index, add or remove needs not: the fallback was indexed with the tools already). */
    const guard = async <T>(run: (ranker: Ranker) => T | Promise<T>, again: boolean): Promise<T | undefined> => {
      try {
        return await run(active);
      } catch (error) {
        if (active !== primary || !isStartFailure(error)) throw error;
        replacing ??= fallBack(error).then(async (made) => {
          await made.index([...tools.values()]);
          active = made;
          return made;
        });
        const made = await replacing;
        return again ? run(made) : undefined;
      }
    };
    return forwardRanker(primary, {
      get name() {
        return active.name;
      },
      get size() {
        return active.size;
      },
      async index(next) {
        tools = new Map(next.map((tool) => [tool.displayName, tool]));
        await guard((ranker) => ranker.index(next), false);
      },
      async add(next) {
        for (const tool of next) tools.set(tool.displayName, tool);
        await guard((ranker) => ranker.add(next), false);
      },
      async remove(names) {
        for (const name of names) tools.delete(name);
        await guard((ranker) => ranker.remove(names), false);
      },
      async search(query, options) {
        return (await guard((ranker) => ranker.search(query, options), true))!;
      },
    });
  };

  return {
    ...definition,
    async create(options) {
      if (failed !== undefined) return fallback.create();
      let primary: Ranker;
      try {
        primary = await definition.create(options);
      } catch (error) {
        if (!isStartFailure(error)) throw error;
        return fallBack(error);
      }
      return guarded(primary);
    },
  };
}
