import type { MessagePort } from 'node:worker_threads';
import type { CheckedModule } from './module-pin.js';
import { startSandboxThread } from './sandbox-worker.js';

/** What a mod worker starts with: its file as checked against the pin, and its end of the channel (see mod-channel.ts). */
export interface ModWorkerData {
  readonly module: CheckedModule;
  readonly flags: Int32Array;
  readonly port: MessagePort;
}

/** What a mod sandbox needs of its worker thread: Node's `Worker` has it, a test may wrap one. */
export interface ModWorker {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): unknown;
  unref(): void;
}

/** Starts the worker of a mod file with a heap limit of `memoryMb` MiB. */
export type SpawnModWorker = (data: ModWorkerData, memoryMb: number) => ModWorker;

/** A worker thread running `mod-worker.js`. */
export const spawnModWorker: SpawnModWorker = (data, memoryMb) => startSandboxThread('mod-worker.js', memoryMb, { workerData: data, transferList: [data.port] });
