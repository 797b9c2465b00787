import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { ToolDescribeHook } from '@loadout/core';
import { assertPinned, type ModulePin } from './module-pin.js';
import { MAIN_POSTED, WORKER_POSTED, post, receive } from './mod-channel.js';
import type { ModChannel } from './mod-channel.js';

/** Budgets of a mod plug-in file's worker. */
export interface ModSandboxBudget {
  /** Longest wait for one `tool.describe` answer, in ms (the layers beneath excluded). Default 1,000; 1–600,000. */
  readonly describeMs?: number;
  /** Longest wait for the worker to import the file, in ms. Default 30,000; 1–600,000. */
  readonly loadMs?: number;
  /** The worker's heap limit (`resourceLimits.maxOldGenerationSizeMb`), in MiB. Default 256; 16–16,384. */
  readonly memoryMb?: number;
}

/** The hooks of one mod plug-in file, run in a worker thread; see {@link createModSandbox}. */
export interface ModSandbox {
  /** A `tool.describe` hook that asks the worker's mod named `mod`. */
  hook(mod: string): ToolDescribeHook;
}

function workerUrl(): URL {
  const here = new URL('./mod-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/sandbox/mod-worker.js', import.meta.url);
}

/**
 * Runs the mods of one plug-in file (`module`) in a worker thread with a memory budget,
 * each `tool.describe` with a time budget. A mod's hook is synchronous (it
 * runs while a prompt is rendered), so the main thread blocks on the worker's
 * answer (`Atomics.wait` with a deadline) and answers its `next` calls
 * meanwhile. A hook that throws fails that tool only, as in-process. A worker
 * that overruns a budget, runs out of memory or exits is ended, and the file's
 * mods are then off for the rest of the process: every later call fails at
 * once with the reason, so each tool keeps the answer from beneath (the
 * resolver records the failure), and no further call waits. The worker
 * starts at the first call, and only while the file has the content it had
 * when the config was loaded (see `assertPinned`): otherwise the mods are
 * off with `config-untrusted`, and nothing of the file runs.
 */
export function createModSandbox(module: ModulePin, budget: ModSandboxBudget = {}): ModSandbox {
  const { file } = module;
  const describeMs = budget.describeMs ?? 1_000;
  const loadMs = budget.loadMs ?? 30_000;
  const memoryMb = budget.memoryMb ?? 256;
  let worker: Worker | undefined;
  let channel: ModChannel | undefined;
  let off: string | undefined;

  const stop = (reason: string): never => {
    off = reason;
    void worker?.terminate();
    worker = undefined;
    throw new Error(reason);
  };

  const start = (): ModChannel => {
    try {
      assertPinned(module, 'mod file');
    } catch (error) {
      off = (error as Error).message;
      throw error;
    }
    const { port1, port2 } = new MessageChannel();
    const flags = new Int32Array(new SharedArrayBuffer(8));
    // Its own flags only: never the parent's (a test runner's export conditions would load sources).
    worker = new Worker(workerUrl(), {
      execArgv: [],
      workerData: { file, flags, port: port2 },
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(4, memoryMb / 8)) },
      stdout: false,
      stderr: false,
    });
    // Its death (out of memory, exit) is seen as a missed deadline; the event itself needs no handling.
    worker.on('error', () => {});
    worker.unref();
    port1.unref();
    const started: ModChannel = { flags, port: port1 };
    const ready = receive(started, WORKER_POSTED, loadMs);
    if (ready === undefined) return stop(`its worker did not load ${file} within ${loadMs} ms; its mods are off`);
    if (ready.type === 'error') return stop(`${file} ${ready.message}; its mods are off`);
    return started;
  };

  return {
    hook(mod) {
      return (event, next) => {
        if (off !== undefined) throw new Error(off);
        channel ??= start();
        channel.port.postMessage({ type: 'describe', mod, event });
        for (;;) {
          const message = receive(channel, WORKER_POSTED, describeMs);
          if (message === undefined) {
            return stop(`mod ${JSON.stringify(mod)} gave no answer within ${describeMs} ms (a loop, or its worker ran out of its ${memoryMb} MiB); ${file}'s mods are off`);
          }
          if (message.type === 'next') {
            try {
              post(channel, MAIN_POSTED, { type: 'answer', value: next(message.event as Parameters<typeof next>[0]) });
            } catch (error) {
              post(channel, MAIN_POSTED, { type: 'error', message: error instanceof Error ? error.message : String(error) });
            }
            continue;
          }
          if (message.type === 'answer') return message.value as ReturnType<ToolDescribeHook>;
          throw new Error(message.type === 'error' ? message.message : `unexpected ${message.type} from its worker`);
        }
      };
    },
  };
}
