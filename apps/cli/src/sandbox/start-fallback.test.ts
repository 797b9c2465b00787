import { describe, expect, it } from 'vitest';
import { createLoadoutError } from '@loadout/core';
import type { Ranker, RankerDefinition } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { makeTool } from '@loadout/core/test';
import { isStartFailure, withStartFallback, type RankerFallback } from './start-fallback.js';

// Decision 3429: a plug-in ranker that cannot start left `loadout serve` with no ranker at all
// (every search answered its error); serve now ranks with bm25f instead, and says so once.
const tools = ['get_forecast', 'send_mail', 'read_file'].map((name) => makeTool({ name, description: `${name.replace('_', ' ')} for the user` }));
const timeout = createLoadoutError('ranker-timeout', 'ranker "plug" took longer than 10000 ms to start (loading its module and create); it was stopped, the next call starts it again', { ranker: 'plug', budgetMs: 10_000, operation: 'create' });
const threw = createLoadoutError('ranker-failed', 'ranker "plug" failed while being created: no model file', { ranker: 'plug', operation: 'create' });
const indexBug = createLoadoutError('ranker-failed', 'ranker "plug" failed while indexing: index bug', { ranker: 'plug', operation: 'index' });

function fallbackTo(): RankerFallback & { warnings: string[]; made: number } {
  const builtins = createBuiltinRegistry();
  const state = {
    name: 'bm25f',
    warnings: [] as string[],
    made: 0,
    create: () => {
      state.made++;
      return builtins.createRanker('bm25f', undefined, false);
    },
    warn: (message: string) => void state.warnings.push(message),
  };
  return state;
}

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

  it('isStartFailure: ranker-timeout or ranker-failed while loading or creating only', () => {
    expect(isStartFailure(timeout)).toBe(true);
    expect(isStartFailure(threw)).toBe(true);
    expect(isStartFailure(createLoadoutError('ranker-timeout', 'x', { operation: 'load' }))).toBe(true);
    expect(isStartFailure(indexBug)).toBe(false);
    expect(isStartFailure(createLoadoutError('ranker-timeout', 'x', { operation: 'search' }))).toBe(false);
    expect(isStartFailure(createLoadoutError('ranker-invalid', 'x', { operation: 'create' }))).toBe(false);
    expect(isStartFailure(new Error('create'))).toBe(false);
  });
});
