import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTool } from '@loadout/core/test';
import { FakeWorker } from './__fixtures__/fake-worker.js';
import { startDefinitionWorker } from './definition-worker.js';
import type { DefinitionReport } from './definition-report.js';
import { pinModule } from './module-pin.js';
import { sandboxedDefinition } from './sandboxed-definition.js';

// Decision 3460: a plug-in ranker's module loaded twice per command, in the main thread to check its
// definition, then in its worker. The worker that checked it now serves the first ranker created: the
// fake worker stands for it, and spawns are counted through the sandbox's seam.
const pin = pinModule(fileURLToPath(import.meta.url));
const loaded: DefinitionReport = { ok: true, metadata: { name: 'plug', queryKind: 'keywords', description: 'a plug-in' } };

/** A definition worker on fake workers; `spawned` lists every worker started, the definition's first. */
function setUp() {
  const spawned: FakeWorker[] = [];
  const spawn = () => {
    const worker = new FakeWorker();
    spawned.push(worker);
    return worker;
  };
  return { spawned, spawn, started: startDefinitionWorker(pin, 'plug', 64, spawn) };
}

/** Lets posted calls reach the fake workers (they cross a few promise turns). */
const turns = async (): Promise<void> => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('startDefinitionWorker', () => {
  it('asks its worker to describe the definition and hands that worker, idle, to the first ranker only', async () => {
    const { spawned, spawn, started } = setUp();
    expect(spawned[0]!.posted).toEqual([{ op: 'describe', id: 0 }]);
    spawned[0]!.send({ id: 0, ok: true, value: loaded });
    expect(await started.report).toEqual(loaded);
    // Idle: it does not keep the process alive while no ranker uses it.
    expect(spawned[0]!.referenced).toBe(false);
    const definition = sandboxedDefinition(loaded.metadata, pin, {}, { spawn, adopt: () => started.take() });
    const first = await definition.create({ depth: 2 });
    void Promise.resolve(first.index([makeTool({ name: 'get_forecast' })])).catch(() => {});
    await turns();
    // The first ranker indexes in the worker that loaded the module, with its options: no worker started for it.
    expect(spawned).toHaveLength(1);
    expect(spawned[0]!.posted.at(-1)).toMatchObject({ op: 'index', options: { depth: 2 } });
    const second = await definition.create({});
    void Promise.resolve(second.index([])).catch(() => {});
    await turns();
    // A second ranker (a new index generation) has a worker of its own.
    expect(spawned).toHaveLength(2);
    expect(started.take()).toBeUndefined();
    started.stop();
    expect(spawned[0]!.terminated).toBe(false);
  });

  it('a failed report: the worker is stopped and no ranker takes it', async () => {
    const { spawned, started } = setUp();
    const failed: DefinitionReport = { ok: false, failure: { kind: 'no-default' } };
    spawned[0]!.send({ id: 0, ok: true, value: failed });
    expect(await started.report).toEqual(failed);
    expect(spawned[0]!.terminated).toBe(true);
    expect(started.take()).toBeUndefined();
  });

  it('a worker that dies while loading rejects the report with why; one that dies idle is not taken', async () => {
    const dying = setUp();
    dying.spawned[0]!.emit('exit', 7);
    await expect(dying.started.report).rejects.toThrow('its worker exited (code 7)');
    const idle = setUp();
    idle.spawned[0]!.send({ id: 0, ok: true, value: loaded });
    await idle.started.report;
    idle.spawned[0]!.emit('exit', 1);
    expect(idle.started.take()).toBeUndefined();
  });

  it('stop ends a worker no ranker took', async () => {
    const { spawned, started } = setUp();
    spawned[0]!.send({ id: 0, ok: true, value: loaded });
    await started.report;
    started.stop();
    expect(spawned[0]!.terminated).toBe(true);
    expect(started.take()).toBeUndefined();
  });
});
