import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTool } from '@loadout/core/test';
import { pinModule } from './module-pin.js';
import type { SandboxMessage, SandboxRequest } from './sandbox-protocol.js';
import type { SandboxTimers } from './sandbox-timers.js';
import type { SandboxWorker } from './sandbox-worker.js';
import { createSandboxedRanker } from './sandboxed-ranker.js';

// Trial item 3: a search's 2 s budget counted time spent queued behind other searches, so six
// clients of an 800 ms ranker failed each other. The budget now starts when the worker begins it.

/** A worker the test answers by hand. */
class FakeWorker extends EventEmitter implements SandboxWorker {
  readonly posted: SandboxRequest[] = [];
  terminated = false;
  postMessage(request: SandboxRequest): void {
    this.posted.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  ref(): void {}
  unref(): void {}
  send(message: SandboxMessage): void {
    this.emit('message', message);
  }
  searches(): SandboxRequest[] {
    return this.posted.filter((request) => request.op === 'search');
  }
}

/** A clock moved by hand. */
function manualTimers(): SandboxTimers & { advance(ms: number): void } {
  let now = 0;
  const due = new Map<object, { at: number; run: () => void }>();
  return {
    set(run, ms) {
      const handle = {};
      due.set(handle, { at: now + ms, run });
      return handle;
    },
    clear(handle) {
      due.delete(handle as object);
    },
    advance(ms) {
      now += ms;
      for (const [handle, timer] of [...due]) {
        if (timer.at <= now && due.delete(handle)) timer.run();
      }
    },
  };
}

/** Lets posted calls reach the fake worker (they cross a few promise turns). */
const turns = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function setUp(queuedSearches?: number) {
  const workers: FakeWorker[] = [];
  const timers = manualTimers();
  const ranker = createSandboxedRanker({
    // Any file that stays as it is: the fake worker imports nothing.
    module: pinModule(fileURLToPath(import.meta.url)),
    name: 'slow',
    options: {},
    budget: { searchMs: 2_000, ...(queuedSearches === undefined ? {} : { queuedSearches }) },
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
});
