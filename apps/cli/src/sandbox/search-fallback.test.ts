import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLoadoutError } from '@loadout/core';
import type { Ranker, RankerDefinition, SearchHit } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { countingFallback } from './__fixtures__/counting-fallback.js';
import { FakeWorker } from './__fixtures__/fake-worker.js';
import { manualTimers } from './__fixtures__/manual-timers.js';
import { pinModule } from './module-pin.js';
import { createSandboxedRanker } from './sandboxed-ranker.js';
import { isSearchTimeout, withSearchFallback } from './search-fallback.js';

// Decision 3441: in `loadout serve`, a plug-in ranker's search that overran its 2 s budget failed for
// that client. Serve has a fallback (bm25f, as for a ranker that cannot start): it now answers that search.
const tools = ['get_forecast', 'send_mail', 'read_file'].map((name) => makeTool({ name, description: `${name.replace('_', ' ')} for the user` }));
const searchTimeout = createLoadoutError('ranker-timeout', 'ranker "plug" took longer than 2000 ms for search; it was stopped, the next call starts it again', { ranker: 'plug', budgetMs: 2_000, operation: 'search' });
const WARNING = 'ranker "plug" did not answer a search within its 2000 ms search budget, so the built-in ranker "bm25f" answered it; the next search goes to "plug" again [ranker-timeout]';

const fallbackTo = countingFallback;

/** A plug-in whose searches each take the next of `outcomes` (an Error is thrown), then answer its first tool. */
function scripted(outcomes: (Error | 'answer')[]): RankerDefinition & { searches: number } {
  const definition = {
    specificationVersion: 'v1' as const,
    name: 'plug',
    queryKind: 'keywords' as const,
    searches: 0,
    create(): Ranker {
      let held: readonly SearchHit['tool'][] = [];
      return {
        specificationVersion: 'v1',
        name: 'plug',
        get size() {
          return held.length;
        },
        index: (next) => void (held = next),
        add: (next) => void (held = [...held, ...next]),
        remove: (names) => void (held = held.filter((tool) => !names.includes(tool.displayName))),
        search() {
          const outcome = outcomes[definition.searches++] ?? 'answer';
          if (outcome instanceof Error) throw outcome;
          return held.slice(0, 1).map((tool) => ({ tool, score: 9 }));
        },
      };
    },
  };
  return definition;
}

const names = (hits: readonly SearchHit[]): string[] => hits.map((hit) => hit.tool.name);

describe('withSearchFallback', () => {
  it('a search over its budget is answered by the fallback holding the same tools, with one warning; the next goes to the plug-in', async () => {
    const fallback = fallbackTo();
    const plugin = scripted([searchTimeout]);
    const ranker = await withSearchFallback(plugin, fallback).create({});
    await ranker.index(tools);
    expect(names(await ranker.search('read file', { limit: 3 }))).toEqual(['read_file']);
    expect(fallback.warnings).toEqual([WARNING]);
    expect(ranker.name).toBe('plug');
    expect(names(await ranker.search('read file'))).toEqual(['get_forecast']);
    expect(plugin.searches).toBe(2);
    expect(fallback.warnings).toHaveLength(1);
  });

  it('each timed-out search warns; the fallback is made once, and again with the tools added or removed since', async () => {
    const fallback = fallbackTo();
    const ranker = await withSearchFallback(scripted([searchTimeout, searchTimeout, searchTimeout]), fallback).create({});
    await ranker.index(tools);
    expect(names(await ranker.search('forecast'))).toEqual(['get_forecast']);
    expect(names(await ranker.search('mail'))).toEqual(['send_mail']);
    expect(fallback.made).toBe(1);
    await ranker.add([makeTool({ name: 'list_files', description: 'list the files of a folder' })]);
    await ranker.remove(['get_forecast']);
    expect(names(await ranker.search('forecast folder'))).toEqual(['list_files']);
    expect(fallback.made).toBe(2);
    expect(fallback.warnings).toEqual([WARNING, WARNING, WARNING]);
  });

  it('any other failure passes unchanged: a start failure, a crash, an invalid result', async () => {
    for (const error of [
      createLoadoutError('ranker-timeout', 'x', { operation: 'create' }),
      createLoadoutError('ranker-failed', 'ranker "plug" stopped: its worker exited (code 1)', { ranker: 'plug' }),
      new Error('the plug-in threw'),
    ]) {
      const fallback = fallbackTo();
      const ranker = await withSearchFallback(scripted([error]), fallback).create({});
      await ranker.index(tools);
      await expect(Promise.resolve(ranker.search('forecast'))).rejects.toBe(error);
      expect(fallback.warnings).toEqual([]);
      expect(fallback.made).toBe(0);
    }
  });

  it('isSearchTimeout: ranker-timeout while searching only', () => {
    expect(isSearchTimeout(searchTimeout)).toBe(true);
    expect(isSearchTimeout(createLoadoutError('ranker-timeout', 'x', { operation: 'index' }))).toBe(false);
    expect(isSearchTimeout(createLoadoutError('ranker-failed', 'x', { operation: 'search' }))).toBe(false);
    expect(isSearchTimeout(new Error('search'))).toBe(false);
  });

  it('a sandboxed ranker on a manual clock: the search past its 2 s is answered by bm25f at 2 s, not failed', async () => {
    const workers: FakeWorker[] = [];
    const timers = manualTimers();
    const plugin: RankerDefinition = {
      specificationVersion: 'v1',
      name: 'plug',
      queryKind: 'keywords',
      create: () =>
        createSandboxedRanker({
          // Any file that stays as it is: the fake worker imports nothing.
          module: pinModule(fileURLToPath(import.meta.url)),
          name: 'plug',
          options: {},
          spawn: () => {
            const worker = new FakeWorker();
            workers.push(worker);
            return worker;
          },
          timers,
        }),
    };
    const fallback = fallbackTo();
    const ranker = await withSearchFallback(plugin, fallback).create({});
    const indexing = ranker.index(tools);
    await new Promise((resolve) => setImmediate(resolve));
    const worker = workers[0]!;
    worker.send({ id: worker.posted[0]!.id, ok: true, value: tools.length });
    await indexing;
    let answered: readonly SearchHit[] | undefined;
    const searching = Promise.resolve(ranker.search('send mail')).then((hits) => (answered = hits));
    await new Promise((resolve) => setImmediate(resolve));
    const [search] = worker.searches();
    worker.send({ id: search!.id, started: true });
    timers.advance(1_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBeUndefined();
    timers.advance(1);
    await searching;
    expect(names(answered!)).toEqual(['send_mail']);
    expect(fallback.warnings).toEqual([WARNING]);
    // The sandbox stopped the worker that overran; the next search starts a new one.
    expect(worker.terminated).toBe(true);
  });
});
