import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SandboxMessage, SandboxRequest, WorkerData } from './sandbox-protocol.js';

/** What a sandboxed ranker needs of its worker thread: Node's `Worker` has it, a test passes a fake. */
export interface SandboxWorker {
  on(event: 'message', listener: (message: SandboxMessage) => void): unknown;
  on(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  postMessage(request: SandboxRequest): void;
  terminate(): unknown;
  ref(): void;
  unref(): void;
}

/** Starts a worker for the ranker `data` names, with a heap limit of `memoryMb` MiB. */
export type SpawnSandboxWorker = (data: WorkerData, memoryMb: number) => SandboxWorker;

/** The worker's entry: built JavaScript beside this file (tests running from sources use the build's). */
function workerUrl(): URL {
  const here = new URL('./ranker-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/sandbox/ranker-worker.js', import.meta.url);
}

/** A worker thread running `ranker-worker.js`. */
export const spawnRankerWorker: SpawnSandboxWorker = (data, memoryMb) =>
  // Its own flags only: never the parent's (a test runner's export conditions would load sources).
  new Worker(workerUrl(), {
    execArgv: [],
    workerData: data,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(4, memoryMb / 8)) },
    stdout: false,
    stderr: false,
  });
