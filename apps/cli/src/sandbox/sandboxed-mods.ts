import { MessageChannel } from 'node:worker_threads';
import type { ToolDescribeEvent, ToolDescribeHook, ToolDescribeResult } from '@loadout/core';
import { brokenPin, readPinned, type CheckedModule, type ModulePin } from './module-pin.js';
import { PLUG_IN_MEMORY_MB, PLUG_IN_START_MS } from './plug-in-limits.js';
import { MAIN_POSTED, WORKER_POSTED, post, receive } from './mod-channel.js';
import type { ModChannel, ModMessage } from './mod-channel.js';
import type { ModFileWorker } from './mod-file-worker.js';
import { spawnModWorker, type ModWorker, type SpawnModWorker } from './spawn-mod-worker.js';

/** Budgets of a mod plug-in file's worker. */
export interface ModSandboxBudget {
  /** Longest wait for one `tool.describe` answer, in ms (the layers beneath excluded). Default 1,000; 1–600,000. */
  readonly describeMs?: number;
  /** Longest wait for the worker to import the file, in ms. Default 10,000 ({@link PLUG_IN_START_MS}); 1–600,000. */
  readonly loadMs?: number;
  /** The worker's heap limit (`resourceLimits.maxOldGenerationSizeMb`), in MiB. Default 256; 16–16,384. */
  readonly memoryMb?: number;
}

/** The hooks of one mod plug-in file, run in a worker thread; see {@link createModSandbox}. */
export interface ModSandbox {
  /** A `tool.describe` hook that asks the worker's mod named `mod`. */
  hook(mod: string): ToolDescribeHook;
}

/** What `next` gave the worker: its answer, or what it threw. */
type Beneath = { readonly ok: true; readonly value: ToolDescribeResult } | { readonly ok: false; readonly message: string };

function askBeneath(next: (event?: ToolDescribeEvent) => ToolDescribeResult, event: unknown): Beneath {
  try {
    return { ok: true, value: next(event as ToolDescribeEvent | undefined) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Runs the mods of one plug-in file (`module`) in a worker thread with a memory budget,
 * each `tool.describe` with a time budget. A mod's hook is synchronous (it
 * runs while a prompt is rendered), so the main thread blocks on the worker's
 * answer (`Atomics.wait` with a deadline) and answers its `next` calls
 * meanwhile; when a `next` reaches another mod of the same file (a file
 * exporting several mods), that mod is asked over the same channel and the
 * worker answers it inside the waiting `next`. A hook that throws fails that
 * tool only, as in-process. A worker that overruns a budget, runs out of
 * memory or exits is ended, and the file's mods are then off for the rest
 * of the process: that call fails with the reason, once, and every later
 * call keeps the answer from beneath without running or reporting anything.
 * Without `started`, the worker starts at the first call with the file's bytes read once and
 * checked against the content it had when the config was loaded (see
 * `readPinned`), and evaluates those bytes: a file that changed turns the
 * mods off with the `config-untrusted` reason, and nothing of it runs.
 * `spawn` starts the worker (tests may wrap it). `started`: the worker that
 * loaded the file and reported its mods when the config was read (see
 * `startModFileWorker`); the hooks run there, the file not loaded again.
 */
export function createModSandbox(module: ModulePin, budget: ModSandboxBudget = {}, spawn: SpawnModWorker = spawnModWorker, started?: ModFileWorker): ModSandbox {
  const { file } = module;
  const describeMs = budget.describeMs ?? 1_000;
  const loadMs = budget.loadMs ?? PLUG_IN_START_MS;
  const memoryMb = budget.memoryMb ?? PLUG_IN_MEMORY_MB;
  let worker: ModWorker | undefined;
  let channel: ModChannel | undefined;
  let off: string | undefined;
  /** This file's hooks waiting for the worker's answer: while one does, the worker is blocked in its `next`. */
  let waiting = 0;
  /** Tools this file's mods answered (the outermost of them, once per tool), for the report when they go off. */
  let answered = 0;

  /** Ends the worker, turns the mods off and throws the reason: the one report of it. */
  const stop = (reason: string): never => {
    // Said in full, so a catalog they rewrote only in part is not mistaken for one they rewrote.
    const before = answered === 0 ? 'no tool had their answers yet' : `${answered} tool${answered === 1 ? '' : 's'} had their answers, this and later tools keep the answers from beneath`;
    off = `${reason}; ${file}'s mods are off for the rest of this run (reported once, not for each tool): ${before}`;
    void worker?.terminate();
    worker = undefined;
    channel = undefined;
    throw new Error(off);
  };

  let adopted = started;

  const start = (): ModChannel => {
    if (adopted !== undefined) {
      // Loaded and ready when the config was read: its first message was taken then.
      const { worker: loaded, channel: ready } = adopted;
      worker = loaded;
      adopted = undefined;
      return ready;
    }
    let checked: CheckedModule;
    try {
      checked = readPinned(module, 'mod file');
    } catch (error) {
      return stop((error as Error).message);
    }
    const { port1, port2 } = new MessageChannel();
    const flags = new Int32Array(new SharedArrayBuffer(8));
    worker = spawn({ module: checked, flags, port: port2 }, memoryMb);
    // Its death (out of memory, exit) is seen as a missed deadline; the event itself needs no handling.
    worker.on('error', () => {});
    worker.unref();
    port1.unref();
    const started: ModChannel = { flags, port: port1 };
    const ready = receive(started, WORKER_POSTED, loadMs);
    if (ready === undefined) return stop(`its worker did not load ${file} within ${loadMs} ms`);
    if (ready.type !== 'error') return started;
    // Only the pin check says config-untrusted (a TypeScript file edited since its check), and the main thread checks it
    // itself: the file's own code may throw one, with any text, and that is its failure to load, named as any other.
    if (ready.code === 'config-untrusted') return stop(brokenPin(module, 'mod file', ready.message)?.message ?? `${file} threw while loading: ${ready.message}`);
    return stop(ready.message);
  };

  /** Asks the worker's mod `mod` for `event`'s answer, answering its `next` calls meanwhile. */
  const ask = (current: ModChannel, mod: string, event: ToolDescribeEvent, next: (event?: ToolDescribeEvent) => ToolDescribeResult): ToolDescribeResult => {
    const request: ModMessage = { type: 'describe', mod, event };
    // A worker blocked in `next` waits for the flag; an idle one reads its port.
    if (waiting > 0) post(current, MAIN_POSTED, request);
    else current.port.postMessage(request);
    waiting++;
    try {
      for (;;) {
        const message = receive(current, WORKER_POSTED, describeMs);
        if (message === undefined) return stop(`mod ${JSON.stringify(mod)} gave no answer within ${describeMs} ms (a loop, or its worker ran out of its ${memoryMb} MiB)`);
        if (message.type === 'next') {
          const beneath = askBeneath(next, message.event);
          // Another of its mods, beneath, turned the file off (reported there): the answer from beneath stands.
          if (off !== undefined) {
            if (beneath.ok) return beneath.value;
            throw new Error(beneath.message);
          }
          post(current, MAIN_POSTED, beneath.ok ? { type: 'answer', value: beneath.value } : { type: 'error', message: beneath.message });
          continue;
        }
        if (message.type === 'answer') {
          if (waiting === 1) answered++;
          return message.value as ToolDescribeResult;
        }
        throw new Error(message.type === 'error' ? message.message : `unexpected ${message.type} from its worker`);
      }
    } finally {
      waiting--;
    }
  };

  return {
    hook(mod) {
      return (event, next) => {
        // Off: said once, when it went off; every later tool keeps the answer from beneath.
        if (off !== undefined) return next();
        channel ??= start();
        return ask(channel, mod, event, next);
      };
    },
  };
}
