import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { CheckedModule } from './module-pin.js';

/** What a mod worker starts with: its file as checked against the pin, and its end of the channel (see mod-channel.ts). */
export interface ModWorkerData {
  readonly module: CheckedModule;
  readonly flags: Int32Array;
  readonly port: MessagePort;
}

/** What a mod sandbox needs of its worker thread: Node's `Worker` has it, a test may wrap one. */
export interface ModWorker {
  on(event: 'error', listener: (error: Error) => void): unknown;
  terminate(): unknown;
  unref(): void;
}

/** Starts the worker of a mod file with a heap limit of `memoryMb` MiB. */
export type SpawnModWorker = (data: ModWorkerData, memoryMb: number) => ModWorker;

/** The worker's entry: built JavaScript beside this file (tests running from sources use the build's). */
function workerUrl(): URL {
  const here = new URL('./mod-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/sandbox/mod-worker.js', import.meta.url);
}

/** A worker thread running `mod-worker.js`. */
export const spawnModWorker: SpawnModWorker = (data, memoryMb) =>
  // Its own flags only: never the parent's (a test runner's export conditions would load sources).
  new Worker(workerUrl(), {
    execArgv: [],
    workerData: data,
    transferList: [data.port],
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(4, memoryMb / 8)) },
    stdout: false,
    stderr: false,
  });
