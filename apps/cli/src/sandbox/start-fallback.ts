import { forwardRanker, isLoadoutError } from '@loadout/core';
import type { CatalogTool, LoadoutError, Ranker, RankerDefinition } from '@loadout/core';
import { checkRankerResult } from '@loadout/core/plugins';
import { lateStartOf } from './late-start.js';
import { previousGeneration } from './previous-generation.js';
import { rankingGenerations } from './ranking-generations.js';

/** The sandbox's note on what happens next (see `createSandboxedRanker`). */
export const NEXT_NOTE = /; ((it was stopped, )?the next call starts it again|it goes on starting)$/;

/** The operations of a ranker's start: loading its module, its definition's `create`. */
const STARTING: ReadonlySet<unknown> = new Set(['load', 'create']);

/** The codes of a start that failed (see {@link isStartFailure}). */
const START_CODES: ReadonlySet<string> = new Set(['ranker-timeout', 'ranker-failed', 'ranker-invalid']);

/** Hits asked of a ranker that started late, to check its first result before it takes over. */
const PROBE_LIMIT = 5;

/**
 * Whether `error` says a plug-in ranker could not start: LoadoutError
 * `ranker-timeout`, `ranker-failed` or `ranker-invalid` whose
 * `details.operation` is `load` or `create` (its module did not load in
 * time, or `create` threw, overran the start budget, ended its worker or
 * returned something that is not a ranker).
 */
export function isStartFailure(error: unknown): error is LoadoutError {
  return isLoadoutError(error) && START_CODES.has(error.code) && STARTING.has(error.details['operation']);
}

/** What a plug-in ranker that cannot start is replaced with (`loadout serve`: the built-in default ranker). */
export interface RankerFallback {
  /** The fallback's name, for the messages (`bm25f`). */
  readonly name: string;
  /** A fresh, empty fallback ranker, with its default options, bare (no query syntax: the caller applies it). */
  create(): Promise<Ranker>;
  /** Receives the warnings: a ranker could not start (naming it, why and the code), or did not start after all, or a search it overran was answered by the fallback. */
  warn(message: string): void;
  /** Receives the line saying a ranker that started late ranks from now on. */
  info(message: string): void;
}

/** An error's first line, without the sandbox's note on what happens next. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').replace(NEXT_NOTE, '');
}

/** A code for a message: the LoadoutError's, else `ranker-failed`. */
function codeOf(error: unknown): string {
  return isLoadoutError(error) ? error.code : 'ranker-failed';
}

/**
 * `definition`, whose rankers are replaced by `fallback`'s when they cannot
 * start ({@link isStartFailure}: its `create` fails so, or the first
 * `index`, `add`, `remove` or search of a ranker it made does): the tools
 * it was given are indexed in a fresh fallback ranker, the call answered by
 * it, and `fallback.warn` told once.
 *
 * A start that overran its budget and goes on (the sandbox's
 * `lateStartMs`, see `lateStartOf`) is waited for in the background: once
 * it started, the ranker is brought up to date with the tools added or
 * removed since, its first result is checked (a search for a tool's name,
 * `checkRankerResult`), and it takes that generation over, with one line to
 * `fallback.info`; later `create` calls make the plug-in's rankers again.
 * Meanwhile the generation is answered by the newest older generation whose
 * plug-in ranks, if there is one (see `previousGeneration`: one line to
 * `fallback.info`, no warning; its results do not flip to the fallback and
 * back), else by the fallback. Each generation whose plug-in ranks retires
 * the older ones (see `rankingGenerations`: a sandboxed ranker's worker
 * stops once idle). A start that fails for good (`create` throws, or a late
 * start fails, or its first result does not check out) leaves the fallback
 * in place for the rest of the process: `create` then makes fallback
 * rankers without trying the plug-in again (as a mod file that failed stays
 * off), every generation is retired, and the operator restarts once it is
 * fixed. Any other error passes unchanged. The options, query kind and
 * usage capability stay the definition's; a fallback ranker learns nothing
 * from usage.
 */
export function withStartFallback(definition: RankerDefinition, fallback: RankerFallback): RankerDefinition {
  const ranker = JSON.stringify(definition.name);
  const instead = JSON.stringify(fallback.name);
  /** Set once the plug-in failed to start for good: the rest of the process ranks with the fallback. */
  let failed: LoadoutError | undefined;
  const generations = rankingGenerations();

  const failedForGood = (error: LoadoutError, message: string): void => {
    if (failed !== undefined) return;
    failed = error;
    generations.retireAll();
    fallback.warn(message);
  };

  /**
   * `primary` (the plug-in ranker of `generation`), replaced by a stand-in once one of its calls fails to start it
   * (an older generation's plug-in, else a fallback ranker holding the same tools), and back once a late start ends.
   */
  const guarded = (primary: Ranker, generation: number): Ranker => {
    let active = primary;
    let tools = new Map<string, CatalogTool>();
    let replacing: Promise<Ranker> | undefined;
    /** The newest other generation whose plug-in ranks: this one, starting again late (after a crash), is no stand-in for itself. */
    const older = (): Ranker | undefined => {
      const working = generations.working();
      return working === primary ? undefined : working;
    };

    /** Brings `primary`, which started late with the tools `sent`, up to date, checks its first result and hands it the searches. */
    const takeOver = async (sent: ReadonlyMap<string, CatalogTool>, budgetMs: unknown): Promise<void> => {
      const gone = [...sent.keys()].filter((name) => tools.get(name) !== sent.get(name));
      const added = [...tools.values()].filter((tool) => sent.get(tool.displayName) !== tool);
      if (gone.length > 0) await primary.remove(gone);
      if (added.length > 0) await primary.add(added);
      const probe = tools.values().next().value;
      const hits = await primary.search(probe === undefined ? definition.name : probe.name, { limit: PROBE_LIMIT });
      checkRankerResult(hits, { ranker: definition.name, tools, limit: PROBE_LIMIT });
      // What answered until now: an older generation's plug-in, or the fallback.
      const standIn = older() === undefined ? `the built-in ranker ${instead}` : 'its previous index generation';
      // A newer generation whose plug-in ranks already replaced this one: it is retired, and no one searches it.
      if (failed !== undefined || !generations.ranks(generation)) return;
      active = primary;
      replacing = undefined;
      const budget = typeof budgetMs === 'number' ? ` after its ${budgetMs} ms start budget` : ' late';
      fallback.info(`ranker ${ranker} started${budget}, so it ranks from now on instead of ${standIn}`);
    };

    /**
     * What answers instead, for the start failure `error`: while a late start goes on (it is waited for), the newest
     * generation whose plug-in ranks, when there is one, else the fallback ranker holding the tools (see
     * `previousGeneration`); after a failure for good, the fallback ranker, indexed with the tools.
     */
    const fallBack = (error: LoadoutError): Promise<Ranker> => {
      const late = lateStartOf(error);
      const previous = late === undefined || failed !== undefined ? undefined : older();
      if (late === undefined) {
        failedForGood(error, `ranker ${ranker} could not start, so the built-in ranker ${instead} ranks instead until restarted: ${reasonOf(error)} [${error.code}]`);
      } else if (failed === undefined) {
        if (previous === undefined) {
          fallback.warn(`ranker ${ranker} could not start in time, so the built-in ranker ${instead} ranks instead until it has started: ${reasonOf(error)}; it goes on starting [${error.code}]`);
        } else {
          fallback.info(`ranker ${ranker} is still starting for a new index generation (${reasonOf(error)}), so its previous generation answers until it has started; tools new in this one are not found meanwhile`);
        }
        const sent = new Map(tools);
        late.then(
          () =>
            takeOver(sent, error.details['budgetMs']).catch((caught: unknown) => {
              failedForGood(error, `ranker ${ranker} started late, but its first result did not check out, so the built-in ranker ${instead} ranks until restarted: ${reasonOf(caught)} [${codeOf(caught)}]`);
            }),
          (caught: unknown) => {
            failedForGood(error, `ranker ${ranker} did not start after all, so the built-in ranker ${instead} ranks until restarted: ${reasonOf(caught)} [${codeOf(caught)}]`);
          },
        );
      }
      if (late !== undefined && failed === undefined) {
        // Searched through the newest generation that ranks, as soon as there is one; the fallback until then, and once
        // the plug-in failed for good.
        active = previousGeneration({
          name: definition.name,
          fallbackName: fallback.name,
          working: () => (failed === undefined ? older() : undefined),
          tools: () => tools,
          fallback: () => fallback.create(),
        });
        return Promise.resolve(active);
      }
      return fallback.create().then(async (made) => {
        await made.index([...tools.values()]);
        active = made;
        return made;
      });
    };

    /** Runs `run` on the active ranker; on a start failure, once more on the fallback when `again` (an index, add or remove needs not: the fallback was indexed with the tools already). */
    const guard = async <T>(run: (ranker: Ranker) => T | Promise<T>, again: boolean): Promise<T | undefined> => {
      try {
        return await run(active);
      } catch (error) {
        if (active !== primary || !isStartFailure(error)) throw error;
        replacing ??= fallBack(error);
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
        // Indexed in time: this generation's plug-in ranks, and the older ones are retired.
        if (active === primary && failed === undefined) generations.ranks(generation);
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
        failedForGood(error, `ranker ${ranker} could not start, so the built-in ranker ${instead} ranks instead until restarted: ${reasonOf(error)} [${error.code}]`);
        return fallback.create();
      }
      return guarded(primary, generations.add(primary));
    },
  };
}
