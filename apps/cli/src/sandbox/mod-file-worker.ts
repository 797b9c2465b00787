import { MessageChannel } from 'node:worker_threads';
import { WORKER_POSTED, receive, type ModChannel, type ModMessage } from './mod-channel.js';
import { readPinned, type ModulePin } from './module-pin.js';
import { spawnModWorker, type ModWorker, type SpawnModWorker } from './spawn-mod-worker.js';

/** A mod file's worker, started when the config is read (see {@link startModFileWorker}). */
export interface ModFileWorker {
  readonly worker: ModWorker;
  readonly channel: ModChannel;
  /**
   * Its first message, once the file loaded: `ready` with the file's mods,
   * checked, or `error` with why it has none (unchecked: the file's code
   * runs there and may post anything). Rejects when the worker died first.
   */
  readonly loaded: Promise<ModMessage>;
  /** Ends the worker (a load over its budget, a failed check, or a file with no hook to run). */
  stop(): void;
}

/** `Atomics.waitAsync` (ES2024; Node has it): waits for `flags[slot]` to leave `value` without blocking the thread. */
const waitAsync = (Atomics as unknown as { waitAsync(flags: Int32Array, slot: number, value: number): { async: boolean; value: Promise<string> | string } }).waitAsync;

/**
 * Starts the worker of the mod file `pin` (read and checked against its pin
 * here), which imports it, checks its mods and reports them: the file's
 * top-level code runs there, once, and the main thread never imports it.
 * Its hooks then run in the same worker (see `createModSandbox`'s `started`).
 * The main thread waits for the report without blocking (the start
 * budget's timers and the slow notice keep running).
 */
export function startModFileWorker(pin: ModulePin, memoryMb: number, spawn: SpawnModWorker = spawnModWorker): ModFileWorker {
  const checked = readPinned(pin, 'mod file');
  const { port1, port2 } = new MessageChannel();
  const flags = new Int32Array(new SharedArrayBuffer(8));
  const worker = spawn({ module: checked, flags, port: port2 }, memoryMb);
  const channel: ModChannel = { flags, port: port1 };
  const loaded = new Promise<ModMessage>((resolve, reject) => {
    worker.on('error', (error) => reject(new Error(`its worker failed: ${error.message.split('\n')[0] ?? ''}`)));
    worker.on('exit', (code) => reject(new Error(`its worker exited (code ${code})`)));
    const take = (): void => {
      const message = receive(channel, WORKER_POSTED, 0);
      if (message === undefined) reject(new Error('its worker raised its flag without a message'));
      else resolve(message);
    };
    const waited = waitAsync(flags, WORKER_POSTED, 0);
    if (waited.async) void (waited.value as Promise<string>).then(take);
    else take();
  });
  loaded.catch(() => {});
  worker.unref();
  port1.unref();
  return { worker, channel, loaded, stop: () => void worker.terminate() };
}
