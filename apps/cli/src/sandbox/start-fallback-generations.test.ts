import { describe, expect, it } from 'vitest';
import { createLoadoutError } from '@loadout/core';
import type { CatalogTool, Ranker, RankerDefinition } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { countingFallback } from './__fixtures__/counting-fallback.js';
import { withLateStart } from './late-start.js';
import { withStartFallback } from './start-fallback.js';

// Trial finding 3: in `loadout serve` a plug-in whose start takes longer than its budget fell back to bm25f at
// every index generation, replacing a generation whose plug-in already ranked: results flipped plug-in, bm25f,
// plug-in. A generation still starting is now answered by the newest generation whose plug-in ranks.

const tool = (name: string): CatalogTool => makeTool({ name, description: `${name.replace('_', ' ')} for the user` });
const first = ['get_forecast', 'send_mail', 'read_file'].map(tool);

/** A promise settled by hand. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/** Lets the late start's handlers run (they cross a few promise turns). */
const turns = async (): Promise<void> => {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
};

interface Made {
  readonly held: () => readonly CatalogTool[];
  retired: number;
  searches: number;
}

/**
 * A plug-in whose `n`th ranker starts in time when `starts[n]` is undefined, else overruns its budget and goes on
 * until that promise settles (as the sandbox's does with lateStartMs). Its rankers find the tools whose name holds a
 * query word, scored 9 down, within the filter; each counts its searches and retirements (SandboxedRanker.retire).
 */
function plugIn(starts: readonly (Promise<void> | undefined)[]): RankerDefinition & { made: Made[] } {
  const made: Made[] = [];
  const definition = {
    specificationVersion: 'v1' as const,
    name: 'plug',
    queryKind: 'keywords' as const,
    made,
    create(): Ranker & { retire(): void } {
      const late = starts[made.length];
      let held: CatalogTool[] = [];
      const record: Made = { held: () => held, retired: 0, searches: 0 };
      made.push(record);
      return {
        specificationVersion: 'v1',
        name: 'plug',
        get size() {
          return held.length;
        },
        index(next) {
          held = [...next];
          if (late !== undefined) throw withLateStart(createLoadoutError('ranker-timeout', 'ranker "plug" took longer than 10000 ms to start (loading its module and create); it goes on starting', { ranker: 'plug', budgetMs: 10_000, operation: 'create' }), late);
        },
        add(next) {
          held.push(...next);
        },
        remove(names) {
          held = held.filter((entry) => !names.includes(entry.displayName));
        },
        search(query, options = {}) {
          record.searches++;
          const words = query.split(/[\s_]+/);
          const found = held.filter((entry) => words.some((word) => entry.name.includes(word)) && (options.filter === undefined || options.filter(entry)));
          return found.slice(0, options.limit ?? 5).map((entry, index) => ({ tool: entry, score: 9 - index }));
        },
        retire() {
          record.retired++;
        },
      };
    },
  };
  return definition;
}

describe('withStartFallback: a generation whose plug-in is still starting', () => {
  it('is answered by the generation before, whose plug-in ranks, with its own tools; it takes over once started and retires that one', async () => {
    const late = deferred();
    const plugin = plugIn([undefined, late.promise]);
    const fallback = countingFallback();
    const definition = withStartFallback(plugin, fallback);
    const before = await definition.create({});
    await before.index(first);
    // The next generation: the same tools as new objects, read_file gone, list_files new.
    const second = [...first.slice(0, 2).map((entry) => tool(entry.name)), tool('list_files')];
    const after = await definition.create({});
    await after.index(second);

    expect(after.name).toBe('plug');
    const hits = await after.search('forecast mail file');
    expect(hits.map((hit) => hit.tool)).toEqual([second[0], second[1]]);
    expect(plugin.made[0]!.searches).toBe(1);
    expect(fallback.made).toBe(0);
    expect(fallback.warnings).toEqual([]);
    expect(fallback.infos).toEqual([
      'ranker "plug" is still starting for a new index generation (ranker "plug" took longer than 10000 ms to start (loading its module and create)), so its previous generation answers until it has started; tools new in this one are not found meanwhile',
    ]);
    // A filter sees this generation's tools.
    expect((await after.search('forecast mail', { filter: (entry) => entry === second[1] })).map((hit) => hit.tool)).toEqual([second[1]]);
    expect(plugin.made[0]!.retired).toBe(0);

    late.resolve();
    await turns();
    expect(fallback.infos[1]).toBe('ranker "plug" started after its 10000 ms start budget, so it ranks from now on instead of its previous index generation');
    expect(plugin.made[0]!.retired).toBe(1);
    const searched = plugin.made[0]!.searches;
    expect((await after.search('files')).map((hit) => hit.tool)).toEqual([second[2]]);
    expect(plugin.made[0]!.searches).toBe(searched);
    expect(fallback.made).toBe(0);
  });

  it('a generation that starts in time retires the ones before it; one whose index fails retires nothing', async () => {
    const plugin = plugIn([]);
    const definition = withStartFallback(plugin, countingFallback());
    for (let generation = 0; generation < 3; generation++) await (await definition.create({})).index(first);
    expect(plugin.made.map((made) => made.retired)).toEqual([1, 1, 0]);
    const failing = withStartFallback(
      {
        ...plugin,
        create: async (options) => {
          const ranker = await plugin.create(options);
          return { ...ranker, index: () => Promise.reject(createLoadoutError('ranker-failed', 'index bug', { operation: 'index' })) };
        },
      },
      countingFallback(),
    );
    await Promise.resolve((await failing.create({})).index(first)).catch(() => {});
    expect(plugin.made.at(-1)!.retired).toBe(0);
  });

  it('two generations starting: each is answered by the newest that ranks, and the older one that starts late hands over, then is retired by the newer', async () => {
    const [one, two] = [deferred(), deferred()];
    const plugin = plugIn([undefined, one.promise, two.promise]);
    const fallback = countingFallback();
    const definition = withStartFallback(plugin, fallback);
    await (await definition.create({})).index(first);
    const second = await definition.create({});
    await second.index(first);
    const third = await definition.create({});
    await third.index(first);
    await third.search('mail');
    expect(plugin.made.map((made) => made.searches)).toEqual([1, 0, 0]);
    one.resolve();
    await turns();
    // The second generation ranks now: the first is retired, and the third is answered by the second.
    expect(plugin.made.map((made) => made.retired)).toEqual([1, 0, 0]);
    await third.search('mail');
    expect(plugin.made.map((made) => made.searches)).toEqual([1, 2, 0]);
    two.resolve();
    await turns();
    expect(plugin.made.map((made) => made.retired)).toEqual([1, 1, 0]);
    expect(fallback.made).toBe(0);
    expect(fallback.warnings).toEqual([]);
  });

  it('a late start that fails for good: the fallback answers that generation with its tools, one warning, every generation retired', async () => {
    const late = deferred();
    const plugin = plugIn([undefined, late.promise]);
    const fallback = countingFallback();
    const definition = withStartFallback(plugin, fallback);
    await (await definition.create({})).index(first);
    const second = [tool('get_forecast'), tool('list_files')];
    const after = await definition.create({});
    await after.index(second);
    late.reject(createLoadoutError('ranker-failed', 'ranker "plug" stopped: its worker exited (code 1)', { operation: 'create' }));
    await turns();
    expect(fallback.warnings).toEqual(['ranker "plug" did not start after all, so the built-in ranker "bm25f" ranks until restarted: ranker "plug" stopped: its worker exited (code 1) [ranker-failed]']);
    expect(plugin.made.map((made) => made.retired)).toEqual([1, 1]);
    expect((await after.search('list files')).map((hit) => hit.tool)).toEqual([second[1]]);
    expect(after.name).toBe('bm25f');
    expect(fallback.made).toBe(1);
    expect(plugin.made[0]!.searches).toBe(0);
  });

  it('at start-up, before any generation ranks: bm25f answers both starting generations, and the newer moves to the first plug-in that starts', async () => {
    const [one, two] = [deferred(), deferred()];
    const plugin = plugIn([one.promise, two.promise]);
    const fallback = countingFallback();
    const definition = withStartFallback(plugin, fallback);
    await (await definition.create({})).index(first);
    const next = await definition.create({});
    await next.index(first);
    expect(next.name).toBe('bm25f');
    expect((await next.search('forecast')).map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    expect(plugin.made.map((made) => made.searches)).toEqual([0, 0]);
    one.resolve();
    await turns();
    // The first generation's plug-in ranks: the newer one, still starting, is answered by it, not by bm25f.
    expect(next.name).toBe('plug');
    const searched = plugin.made[0]!.searches;
    expect((await next.search('mail')).map((hit) => hit.tool)).toEqual([first[1]]);
    expect(plugin.made[0]!.searches).toBe(searched + 1);
    two.resolve();
    await turns();
    expect(plugin.made.map((made) => made.retired)).toEqual([1, 0]);
    expect(fallback.infos).toEqual([
      'ranker "plug" started after its 10000 ms start budget, so it ranks from now on instead of the built-in ranker "bm25f"',
      'ranker "plug" started after its 10000 ms start budget, so it ranks from now on instead of its previous index generation',
    ]);
  });

  // Decision 3459: the generation that ranks starts its worker again after a crash, and that start overruns its
  // budget. It stood in for itself: each search went to the plug-in still starting (in the sandbox, one more start).
  it('the generation that ranks, starting again late (after a crash): bm25f answers meanwhile, not that start; it takes over once started', async () => {
    const late = deferred();
    const plugin = plugIn([]);
    const fallback = countingFallback();
    let restarting = false;
    const definition = withStartFallback(
      {
        ...plugin,
        create: async (options) => {
          const ranker = await plugin.create(options);
          return {
            ...ranker,
            search(query, searchOptions) {
              if (!restarting) return ranker.search(query, searchOptions);
              restarting = false;
              throw withLateStart(createLoadoutError('ranker-timeout', 'ranker "plug" took longer than 10000 ms to start (loading its module and create); it goes on starting', { ranker: 'plug', budgetMs: 10_000, operation: 'create' }), late.promise);
            },
          };
        },
      },
      fallback,
    );
    const ranks = await definition.create({});
    await ranks.index(first);
    expect((await ranks.search('forecast')).map((hit) => hit.tool)).toEqual([first[0]]);
    restarting = true;
    expect((await ranks.search('mail')).map((hit) => hit.tool.name)).toEqual(['send_mail']);
    expect(ranks.name).toBe('bm25f');
    expect(plugin.made[0]!.searches).toBe(1);
    expect(fallback.infos).toEqual([]);
    expect(fallback.warnings).toEqual([
      'ranker "plug" could not start in time, so the built-in ranker "bm25f" ranks instead until it has started: ranker "plug" took longer than 10000 ms to start (loading its module and create); it goes on starting [ranker-timeout]',
    ]);
    late.resolve();
    await turns();
    expect(fallback.infos).toEqual(['ranker "plug" started after its 10000 ms start budget, so it ranks from now on instead of the built-in ranker "bm25f"']);
    expect((await ranks.search('file')).map((hit) => hit.tool)).toEqual([first[2]]);
    expect(ranks.name).toBe('plug');
    expect(plugin.made[0]!.retired).toBe(0);
  });
});
