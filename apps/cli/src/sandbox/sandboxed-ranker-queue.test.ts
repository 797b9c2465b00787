import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTool } from '@loadout/core/test';
import { pinModule } from './module-pin.js';
import { manualTimers } from './__fixtures__/manual-timers.js';
import { FakeWorker } from './__fixtures__/fake-worker.js';
import { createSandboxedRanker } from './sandboxed-ranker.js';
import { lateStartOf } from './late-start.js';

// Trial item 3: a search's 2 s budget counted time spent queued behind other searches, so six
// clients of an 800 ms ranker failed each other. The budget now starts when the worker begins it.

/** Lets posted calls reach the fake worker (they cross a few promise turns). */
const turns = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function setUp(queuedSearches?: number, budget: { createMs?: number; indexMs?: number; lateStartMs?: number } = {}) {
  const workers: FakeWorker[] = [];
  const timers = manualTimers();
  const ranker = createSandboxedRanker({
    // Any file that stays as it is: the fake worker imports nothing.
    module: pinModule(fileURLToPath(import.meta.url)),
    name: 'slow',
    options: {},
    budget: { searchMs: 2_000, ...budget, ...(queuedSearches === undefined ? {} : { queuedSearches }) },
    spawn: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    timers,
  });
  return { ranker, workers, timers };
}

describe('createSandboxedRanker: the search budget and the queue', () => {
  it('counts only the time a search runs, not the time it waited behind others', async () => {
    const { ranker, workers, timers } = setUp();
    const tool = makeTool({ name: 'get_weather' });
    const indexing = ranker.index([tool]);
    await turns();
    const worker = workers[0]!;
    worker.send({ id: worker.posted[0]!.id, ok: true, value: 1 });
    await indexing;
    const searches = [0, 1, 2].map(() => Promise.resolve(ranker.search('weather')));
    await turns();
    const [first, second, third] = worker.searches();
    // 800 ms each, one after another: the third ends 2.4 s after it was posted.
    for (const request of [first!, second!, third!]) {
      worker.send({ id: request.id, started: true });
      timers.advance(800);
      worker.send({ id: request.id, ok: true, value: [{ name: 'get_weather', score: 1 }] });
    }
    for (const search of searches) expect((await search).map((hit) => hit.tool)).toEqual([tool]);
    expect(worker.terminated).toBe(false);
    expect(workers).toHaveLength(1);
  });

  it('a search that runs past its budget once begun is ranker-timeout, and the worker is ended', async () => {
    const { ranker, workers, timers } = setUp();
    const indexing = ranker.index([makeTool({ name: 'get_weather' })]);
    await turns();
    workers[0]!.send({ id: workers[0]!.posted[0]!.id, ok: true, value: 1 });
    await indexing;
    const search = Promise.resolve(ranker.search('weather')).catch((error: unknown) => error);
    await turns();
    const [request] = workers[0]!.searches();
    timers.advance(10_000); // queued: no budget yet
    workers[0]!.send({ id: request!.id, started: true });
    timers.advance(2_000);
    expect(await search).toMatchObject({ code: 'ranker-timeout', message: expect.stringContaining('took longer than 2000 ms for search') });
    expect(workers[0]!.terminated).toBe(true);
  });

  it('refuses a search with ranker-busy when as many wait as it queues', async () => {
    const { ranker, workers } = setUp(2);
    const indexing = ranker.index([makeTool({ name: 'get_weather' })]);
    await turns();
    workers[0]!.send({ id: workers[0]!.posted[0]!.id, ok: true, value: 1 });
    await indexing;
    const waiting = [ranker.search('a'), ranker.search('b')];
    await turns();
    await expect(ranker.search('c')).rejects.toMatchObject({ code: 'ranker-busy', message: 'ranker "slow" has 2 searches waiting already; try again shortly' });
    expect(workers[0]!.searches()).toHaveLength(2);
    for (const request of workers[0]!.searches()) workers[0]!.send({ id: request.id, ok: true, value: [] });
    await Promise.all(waiting);
  });

  // Decision 3429: a create() that never resolved (or a module whose top-level code never settled in the worker)
  // held the first index for the whole 60 s index budget, so `loadout serve` started 61 s late.
  it('an index whose ranker does not start (module and create) within createMs, 10 s by default, is ranker-timeout naming the operation', async () => {
    const { ranker, workers, timers } = setUp();
    const indexing = Promise.resolve(ranker.index([makeTool({ name: 'get_weather' })])).catch((error: unknown) => error);
    await turns();
    timers.advance(9_999);
    expect(workers[0]!.terminated).toBe(false);
    timers.advance(1);
    expect(await indexing).toMatchObject({
      code: 'ranker-timeout',
      message: 'ranker "slow" took longer than 10000 ms to start (loading its module and create; a "rankers" entry\'s "startTimeoutMs" allows more); it was stopped, the next call starts it again',
      details: { ranker: 'slow', budgetMs: 10_000, operation: 'create' },
    });
    expect(workers[0]!.terminated).toBe(true);
  });

  it('once created, the index runs on indexMs from then: a long index of a ranker that started in time is not cut short', async () => {
    const { ranker, workers, timers } = setUp(undefined, { createMs: 500, indexMs: 3_000 });
    const indexing = Promise.resolve(ranker.index([makeTool({ name: 'get_weather' })])).catch((error: unknown) => error);
    await turns();
    const [request] = workers[0]!.posted;
    timers.advance(499);
    workers[0]!.send({ id: request!.id, created: true });
    timers.advance(2_999);
    workers[0]!.send({ id: request!.id, ok: true, value: 1 });
    expect(await indexing).toBeUndefined();
    expect(ranker.size).toBe(1);
    // And the index budget is enforced from the moment it was created.
    const again = Promise.resolve(ranker.index([makeTool({ name: 'get_weather' })])).catch((error: unknown) => error);
    await turns();
    workers[0]!.send({ id: workers[0]!.posted[1]!.id, created: true });
    timers.advance(3_000);
    expect(await again).toMatchObject({ code: 'ranker-timeout', details: { operation: 'index', budgetMs: 3_000 }, message: expect.stringContaining('took longer than 3000 ms for index') });
  });

  it('a worker that dies while the ranker starts is ranker-failed with operation create', async () => {
    const { ranker, workers } = setUp();
    const indexing = Promise.resolve(ranker.index([makeTool({ name: 'get_weather' })])).catch((error: unknown) => error);
    await turns();
    workers[0]!.emit('exit', 1);
    expect(await indexing).toMatchObject({ code: 'ranker-failed', details: { operation: 'create' } });
  });
});

// Decision 3435: `loadout serve` lets a start that overran its budget go on (lateStartMs), so a create()
// that loads a model for 12 s takes over from bm25f once it is done, instead of being stopped at 10 s.
describe('createSandboxedRanker: a start that goes on past its budget (lateStartMs)', () => {
  const tool = makeTool({ name: 'get_weather' });

  /** Indexes on a 10 s start budget with 600 s to go on, and lets the budget pass: the caller's error and the worker. */
  async function overrun() {
    const set = setUp(undefined, { createMs: 10_000, lateStartMs: 600_000 });
    const indexing = Promise.resolve(set.ranker.index([tool])).catch((error: unknown) => error);
    await turns();
    set.timers.advance(10_000);
    const error = (await indexing) as Error;
    return { ...set, error, worker: set.workers[0]!, request: set.workers[0]!.posted[0]! };
  }

  it('fails the call at the budget with ranker-timeout, but the worker goes on starting, without keeping the process alive', async () => {
    const { error, worker } = await overrun();
    expect(error).toMatchObject({
      code: 'ranker-timeout',
      message: 'ranker "slow" took longer than 10000 ms to start (loading its module and create; a "rankers" entry\'s "startTimeoutMs" allows more); it goes on starting',
      details: { ranker: 'slow', budgetMs: 10_000, operation: 'create' },
    });
    expect(lateStartOf(error)).toBeInstanceOf(Promise);
    expect(worker.terminated).toBe(false);
    expect(worker.referenced).toBe(false);
  });

  it('a start that ends later resolves the error\'s late start; the ranker is indexed then, and searches use that worker', async () => {
    const { error, worker, request, timers, ranker, workers } = await overrun();
    timers.advance(2_000);
    worker.send({ id: request.id, created: true });
    worker.send({ id: request.id, ok: true, value: 1 });
    await expect(lateStartOf(error)).resolves.toBeUndefined();
    expect(ranker.size).toBe(1);
    const search = Promise.resolve(ranker.search('weather'));
    await turns();
    const [posted] = worker.searches();
    worker.send({ id: posted!.id, ok: true, value: [{ name: 'get_weather', score: 1 }] });
    expect((await search).map((hit) => hit.tool)).toEqual([tool]);
    expect(worker.posted.map((message) => message.op)).toEqual(['index', 'search']);
    expect(workers).toHaveLength(1);
  });

  it('a start that never ends is stopped at lateStartMs: its late start rejects with ranker-timeout, and nothing waits any more', async () => {
    const { error, worker, timers } = await overrun();
    const late = lateStartOf(error)!.catch((caught: unknown) => caught);
    timers.advance(589_999);
    expect(worker.terminated).toBe(false);
    timers.advance(1);
    expect(await late).toMatchObject({
      code: 'ranker-timeout',
      message: 'ranker "slow" took longer than 600000 ms to start (loading its module and create); it was stopped, the next call starts it again',
      details: { budgetMs: 600_000, operation: 'create' },
    });
    expect(worker.terminated).toBe(true);
    expect(timers.pending()).toBe(0);
  });

  it('a late start that throws or whose worker dies rejects with ranker-failed naming the operation', async () => {
    const thrown = await overrun();
    thrown.worker.send({ id: thrown.request.id, ok: false, stage: 'create', message: 'no model file' });
    await expect(lateStartOf(thrown.error)).rejects.toMatchObject({ code: 'ranker-failed', message: 'ranker "slow" failed while being created: no model file', details: { operation: 'create' } });
    expect(thrown.timers.pending()).toBe(0);
    const died = await overrun();
    died.worker.emit('exit', 1);
    await expect(lateStartOf(died.error)).rejects.toMatchObject({ code: 'ranker-failed', details: { operation: 'create' } });
  });
});
