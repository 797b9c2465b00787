import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RankerDefinition } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { FakeWorker } from './__fixtures__/fake-worker.js';
import { countingFallback } from './__fixtures__/counting-fallback.js';
import { pinModule } from './module-pin.js';
import { sandboxedDefinition } from './sandboxed-definition.js';
import { withStartFallback } from './start-fallback.js';

// Decision 3441: in `loadout serve` each index generation (an upstream's tools changed) creates a new
// plug-in ranker, hence a new worker; the previous generation's worker was never stopped, so every
// re-index left one more worker (and its index, up to 256 MiB) running. Workers are counted through
// the sandbox's spawn seam: a fake worker records whether it was terminated. Since decision 3450 the
// generations are retired by serve's withStartFallback, once a newer one's plug-in ranks.
const tools = ['get_forecast', 'send_mail'].map((name) => makeTool({ name }));
const plugin: RankerDefinition = { specificationVersion: 'v1', name: 'plug', queryKind: 'keywords', create: () => ({}) as never };

/** Lets posted calls reach the fake workers (they cross a few promise turns). */
const turns = async (): Promise<void> => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/** The definition as `loadout serve` wires it (`serving`: with its fallback, see loadRankers), else as search and eval do. */
function setUp({ serving }: { serving: boolean }) {
  const workers: FakeWorker[] = [];
  const sandboxed = sandboxedDefinition(plugin, pinModule(fileURLToPath(import.meta.url)), {}, {
    spawn: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
  });
  const definition = serving ? withStartFallback(sandboxed, countingFallback()) : sandboxed;
  const live = (): number => workers.filter((worker) => !worker.terminated).length;
  /** A ranker of the next generation, indexed: its worker answers the index with `ok` (else fails it). */
  const generation = async (ok = true) => {
    const ranker = await definition.create({});
    const indexing = Promise.resolve(ranker.index(tools));
    indexing.catch(() => {});
    await turns();
    const worker = workers.at(-1)!;
    const request = worker.posted.at(-1)!;
    worker.send(ok ? { id: request.id, ok: true, value: tools.length } : { id: request.id, ok: false, stage: 'index', message: 'index bug' });
    await indexing.catch(() => {});
    return { ranker, worker };
  };
  return { workers, live, generation };
}

describe('sandboxedDefinition: index generations (loadout serve)', () => {
  it('a new generation, once indexed, stops the idle worker of the one before: one live worker after three', async () => {
    const { live, generation } = setUp({ serving: true });
    await generation();
    await generation();
    await generation();
    expect(live()).toBe(1);
  });

  it('a search of the old generation in flight keeps its worker until it is answered', async () => {
    const { live, generation } = setUp({ serving: true });
    const { ranker: old, worker } = await generation();
    const searching = Promise.resolve(old.search('forecast'));
    await turns();
    const search = worker.searches()[0]!;
    await generation();
    expect(worker.terminated).toBe(false);
    expect(live()).toBe(2);
    worker.send({ id: search.id, ok: true, value: [{ name: 'get_forecast', score: 1 }] });
    expect((await searching).map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    expect(worker.terminated).toBe(true);
    expect(live()).toBe(1);
  });

  it('a new generation whose index fails leaves the one before running (it is still the one searched)', async () => {
    const { workers, generation } = setUp({ serving: true });
    await generation();
    await generation(false);
    expect(workers[0]!.terminated).toBe(false);
  });

  it('without the fallback (search, eval: rankers side by side) every worker stays', async () => {
    const { live, generation } = setUp({ serving: false });
    await generation();
    await generation();
    expect(live()).toBe(2);
  });

  it('a retired ranker searched again starts a worker, indexes, answers, and stops it again', async () => {
    const { workers, live, generation } = setUp({ serving: true });
    const { ranker: old } = await generation();
    await generation();
    expect(live()).toBe(1);
    const searching = Promise.resolve(old.search('mail'));
    await turns();
    const restarted = workers[2]!;
    restarted.send({ id: restarted.posted[0]!.id, ok: true, value: tools.length });
    await turns();
    restarted.send({ id: restarted.searches()[0]!.id, ok: true, value: [{ name: 'send_mail', score: 1 }] });
    expect((await searching).map((hit) => hit.tool.name)).toEqual(['send_mail']);
    expect(restarted.terminated).toBe(true);
    expect(live()).toBe(1);
  });
});
