import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
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

/**
 * A worker thread running `entry` (a script of `dist/sandbox`: built
 * JavaScript beside this file, or the build's when tests run from sources),
 * with a heap limit of `memoryMb` MiB and its own flags only (never the
 * parent's: a test runner's export conditions would load sources). Every
 * plug-in worker, ranker or mod, starts here.
 */
export function startSandboxThread(entry: 'ranker-worker.js' | 'mod-worker.js', memoryMb: number, options: Pick<WorkerOptions, 'workerData' | 'transferList'>): Worker {
  const here = new URL(`./${entry}`, import.meta.url);
  const url = existsSync(fileURLToPath(here)) ? here : new URL(`../../dist/sandbox/${entry}`, import.meta.url);
  return new Worker(url, {
    ...options,
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(4, memoryMb / 8)) },
    // Not piped into the main thread's stdout and stderr: the worker writes what it prints to stderr itself
    // (stdout-to-stderr.ts), at once; a pipe per live worker also added listeners to process.stderr,
    // past Node's limit of 10 with `eval --ranker all` (MaxListenersExceededWarning).
    stdout: true,
    stderr: true,
  });
}

/** A worker thread running `ranker-worker.js`. */
export const spawnRankerWorker: SpawnSandboxWorker = (data, memoryMb) => startSandboxThread('ranker-worker.js', memoryMb, { workerData: data });
