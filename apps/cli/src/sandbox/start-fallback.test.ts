import { describe, expect, it } from 'vitest';
import { createLoadoutError } from '@loadout/core';
import type { CatalogTool, Ranker, RankerDefinition } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { isStartFailure, withStartFallback } from './start-fallback.js';
import { countingFallback } from './__fixtures__/counting-fallback.js';
import { withLateStart } from './late-start.js';

// Decision 3429: a plug-in ranker that cannot start left `loadout serve` with no ranker at all
// (every search answered its error); serve now ranks with bm25f instead, and says so once.
const tools = ['get_forecast', 'send_mail', 'read_file'].map((name) => makeTool({ name, description: `${name.replace('_', ' ')} for the user` }));
const timeout = createLoadoutError('ranker-timeout', 'ranker "plug" took longer than 10000 ms to start (loading its module and create); it was stopped, the next call starts it again', { ranker: 'plug', budgetMs: 10_000, operation: 'create' });
const threw = createLoadoutError('ranker-failed', 'ranker "plug" failed while being created: no model file', { ranker: 'plug', operation: 'create' });
const indexBug = createLoadoutError('ranker-failed', 'ranker "plug" failed while indexing: index bug', { ranker: 'plug', operation: 'index' });

const fallbackTo = countingFallback;

/** A plug-in definition whose rankers fail every call with `error` (`create` too, when `inCreate`); counts its creates. */
function failing(error: Error, inCreate: boolean): RankerDefinition & { created: number } {
  const definition = {
    specificationVersion: 'v1' as const,
    name: 'plug',
    queryKind: 'keywords' as const,
    created: 0,
    create(): Ranker {
      definition.created++;
      if (inCreate) throw error;
      const fail = (): never => {
        throw error;
      };
      return { specificationVersion: 'v1', name: 'plug', size: 0, index: fail, add: fail, remove: fail, search: fail };
    },
  };
  return definition;
}

describe('withStartFallback', () => {
  it.each([
    ['its create overruns the start budget', timeout, true],
    ['its create throws', threw, true],
    ['its first index fails to start it', timeout, false],
  ])('a ranker that cannot start (%s) is replaced by the fallback, with one warning naming it and the code', async (_, error, inCreate) => {
    const fallback = fallbackTo();
    const plugin = failing(error, inCreate);
    const definition = withStartFallback(plugin, fallback);
    const ranker = await definition.create({});
    await ranker.index(tools);
    expect((await ranker.search('forecast')).map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    expect(ranker.size).toBe(3);
    expect(fallback.warnings).toHaveLength(1);
    expect(fallback.warnings[0]).toBe(`ranker "plug" could not start, so the built-in ranker "bm25f" ranks instead until restarted: ${error.message.replace('; it was stopped, the next call starts it again', '')} [${error.code}]`);
    // Later generations (a re-index) get the fallback at once: the plug-in is not tried again, nor reported again.
    const next = await definition.create({});
    await next.index(tools.slice(0, 2));
    expect(next.size).toBe(2);
    expect(plugin.created).toBe(1);
    expect(fallback.warnings).toHaveLength(1);
  });

  it('a search that finds the ranker not started (its index failed earlier) indexes the fallback with every tool it was given', async () => {
    const fallback = fallbackTo();
    let started = false;
    const plugin: RankerDefinition = {
      specificationVersion: 'v1',
      name: 'plug',
      queryKind: 'keywords',
      create: () => ({
        specificationVersion: 'v1',
        name: 'plug',
        size: 0,
        index: () => {},
        add: () => {},
        remove: () => {},
        search: () => {
          if (!started) throw timeout;
          return [];
        },
      }),
    };
    const ranker = await withStartFallback(plugin, fallback).create({});
    await ranker.index(tools.slice(0, 2));
    await ranker.add([tools[2]!]);
    await ranker.remove(['send_mail']);
    expect((await ranker.search('read file')).map((hit) => hit.tool.name)).toEqual(['read_file']);
    expect(ranker.size).toBe(2);
    expect(ranker.name).toBe('bm25f');
    expect(fallback.made).toBe(1);
  });

  it('any other failure passes unchanged, and the plug-in keeps its place', async () => {
    const fallback = fallbackTo();
    const plugin = failing(indexBug, false);
    const definition = withStartFallback(plugin, fallback);
    const ranker = await definition.create({});
    await expect(Promise.resolve(ranker.index(tools))).rejects.toBe(indexBug);
    const invalid = createLoadoutError('invalid-option', 'ranker "plug": unknown option "x"');
    await expect(withStartFallback(failing(invalid, true), fallback).create({})).rejects.toBe(invalid);
    await definition.create({});
    expect(plugin.created).toBe(2);
    expect(fallback.warnings).toEqual([]);
    expect(fallback.made).toBe(0);
  });

  it('isStartFailure: ranker-timeout, ranker-failed or ranker-invalid while loading or creating only', () => {
    expect(isStartFailure(timeout)).toBe(true);
    expect(isStartFailure(threw)).toBe(true);
    expect(isStartFailure(createLoadoutError('ranker-timeout', 'x', { operation: 'load' }))).toBe(true);
    expect(isStartFailure(indexBug)).toBe(false);
    expect(isStartFailure(createLoadoutError('ranker-timeout', 'x', { operation: 'search' }))).toBe(false);
    // Decision 3438: a create that returned something that is not a ranker did not start either.
    expect(isStartFailure(createLoadoutError('ranker-invalid', 'x', { operation: 'create' }))).toBe(true);
    expect(isStartFailure(createLoadoutError('ranker-invalid', 'x'))).toBe(false);
    expect(isStartFailure(new Error('create'))).toBe(false);
  });
});

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

/**
 * A plug-in whose first start overruns its budget and goes on (as the sandbox's does with lateStartMs): its
 * first index fails with ranker-timeout carrying `late`; once `late` resolves it holds the tools of that start,
 * then answers add, remove and search (`answer`: its hits for the indexed tools, by default the first).
 */
function lateStarting(late: Promise<void>, answer: (held: CatalogTool[]) => unknown[] = (held) => held.slice(0, 1).map((tool) => ({ tool, score: 9 }))) {
  const calls: string[] = [];
  const definition = {
    specificationVersion: 'v1' as const,
    name: 'plug',
    queryKind: 'keywords' as const,
    created: 0,
    create(): Ranker {
      const first = definition.created++ === 0;
      let held: CatalogTool[] = [];
      return {
        specificationVersion: 'v1',
        name: 'plug',
        get size() {
          return held.length;
        },
        index(next) {
          calls.push(`index ${next.length}`);
          held = [...next];
          if (first) throw withLateStart(createLoadoutError('ranker-timeout', 'ranker "plug" took longer than 10000 ms to start (loading its module and create); it goes on starting', { ranker: 'plug', budgetMs: 10_000, operation: 'create' }), late);
        },
        add(next) {
          calls.push(`add ${next.map((tool) => tool.name).join(',')}`);
          held.push(...next);
        },
        remove(names) {
          calls.push(`remove ${names.join(',')}`);
          held = held.filter((tool) => !names.includes(tool.displayName));
        },
        search(query) {
          calls.push(`search ${query}`);
          return answer(held) as never;
        },
      };
    },
  };
  return { definition, calls };
}

// Decision 3435: a create() that legitimately takes longer than its budget (a model loading) left serve on bm25f
// until restarted, even when it was done a second later. Its start now goes on, and it takes over once started.
describe('withStartFallback: a start that goes on past its budget', () => {
  /** The first generation's ranker, indexed with `tools` while its start overran and goes on: bm25f ranks it. */
  async function startedLate(answer?: Parameters<typeof lateStarting>[1]) {
    const fallback = fallbackTo();
    const late = deferred();
    const { definition: plugin, calls } = lateStarting(late.promise, answer);
    const definition = withStartFallback(plugin, fallback);
    const ranker = await definition.create({});
    await ranker.index(tools);
    return { fallback, late, plugin, calls, definition, ranker };
  }

  it('bm25f ranks meanwhile; once started, the plug-in gets the tools added and removed since, and takes over with one info line', async () => {
    const { fallback, late, plugin, calls, definition, ranker } = await startedLate();
    expect(ranker.name).toBe('bm25f');
    expect((await ranker.search('forecast')).map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    expect(fallback.warnings).toEqual([
      'ranker "plug" could not start in time, so the built-in ranker "bm25f" ranks instead until it has started: ranker "plug" took longer than 10000 ms to start (loading its module and create); it goes on starting [ranker-timeout]',
    ]);
    const extra = makeTool({ name: 'list_files', description: 'list the files of a folder' });
    await ranker.add([extra]);
    await ranker.remove(['send_mail']);
    await turns();
    expect(fallback.infos).toEqual([]);
    late.resolve();
    await turns();
    expect(ranker.name).toBe('plug');
    expect(calls).toEqual(['index 3', 'remove send_mail', 'add list_files', 'search get_forecast']);
    expect(fallback.infos).toEqual(['ranker "plug" started after its 10000 ms start budget, so it ranks from now on instead of the built-in ranker "bm25f"']);
    expect((await ranker.search('anything')).map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    expect(ranker.size).toBe(3);
    // Later generations try the plug-in again.
    const next = await definition.create({});
    await next.index(tools);
    expect(next.name).toBe('plug');
    expect(plugin.created).toBe(2);
    expect(fallback.warnings).toHaveLength(1);
  });

  it('a late start that fails is logged once; bm25f stays, for later generations too', async () => {
    const { fallback, late, plugin, definition, ranker } = await startedLate();
    late.reject(createLoadoutError('ranker-timeout', 'ranker "plug" took longer than 600000 ms to start (loading its module and create); it was stopped, the next call starts it again', { operation: 'create' }));
    await turns();
    expect(ranker.name).toBe('bm25f');
    expect(fallback.warnings[1]).toBe(
      'ranker "plug" did not start after all, so the built-in ranker "bm25f" ranks until restarted: ranker "plug" took longer than 600000 ms to start (loading its module and create) [ranker-timeout]',
    );
    expect(fallback.infos).toEqual([]);
    const next = await definition.create({});
    await next.index(tools);
    expect(next.name).toBe('bm25f');
    expect(plugin.created).toBe(1);
    expect(fallback.warnings).toHaveLength(2);
  });

  it('a plug-in that starts late but whose first result does not check out stays replaced', async () => {
    const { fallback, late, ranker } = await startedLate(() => [{ tool: makeTool({ name: 'not_indexed' }), score: 1 }]);
    late.resolve();
    await turns();
    expect(ranker.name).toBe('bm25f');
    expect(fallback.warnings[1]).toMatch(/^ranker "plug" started late, but its first result did not check out, so the built-in ranker "bm25f" ranks until restarted: ranker "plug" returned an invalid result: .*not_indexed.* \[ranker-invalid-result\]$/);
    expect(fallback.infos).toEqual([]);
  });
});
