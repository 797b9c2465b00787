import type { DefinitionReport } from './definition-report.js';
import { readPinned, type ModulePin } from './module-pin.js';
import type { SandboxMessage } from './sandbox-protocol.js';
import { spawnRankerWorker, type SandboxWorker, type SpawnSandboxWorker } from './sandbox-worker.js';

/** The id of the `describe` request; a sandboxed ranker's own requests count from 1. */
const DESCRIBE_ID = 0;

/** A ranker's first worker, started to load its module and report its definition (see {@link startDefinitionWorker}). */
export interface DefinitionWorker {
  /**
   * What the worker reported (unchecked: the plug-in's code runs there and
   * may post anything), or why it gave no report: it died (`exited`, a
   * heap over its budget) or was stopped.
   */
  readonly report: Promise<unknown>;
  /**
   * The worker, its module loaded and its definition checked, for the first
   * ranker created from it (see `SandboxedDefinitionOptions.adopt`); undefined
   * once taken, or when it reported no definition, died or was stopped: a
   * ranker then starts a worker of its own, which loads the module again.
   */
  take(): SandboxWorker | undefined;
  /** Ends the worker unless taken (a load over its budget, a failed check, or a ranker the command never creates). */
  stop(): void;
}

/** Where the worker is: loading the module, idle with a checked definition, handed over, or gone. */
type State = 'loading' | 'loaded' | 'taken' | 'gone';

/**
 * Starts the worker of the ranker `name` (module `pin`, read and checked
 * against its pin here) and asks it to load the module and check the
 * definition (`describe`): the module's top-level code runs there, and
 * the main thread never imports it. Once reported, the worker waits idle
 * (not keeping the process alive) for the first ranker to take it, so a
 * command that creates the ranker runs the module's top-level code once.
 */
export function startDefinitionWorker(pin: ModulePin, name: string, memoryMb: number, spawn: SpawnSandboxWorker = spawnRankerWorker): DefinitionWorker {
  const worker = spawn({ module: readPinned(pin, `ranker ${JSON.stringify(name)}`), name }, memoryMb);
  let state: State = 'loading';
  const report = new Promise<unknown>((resolve, reject) => {
    worker.on('message', (message: SandboxMessage) => {
      if (state !== 'loading' || message.id !== DESCRIBE_ID || !('ok' in message)) return;
      if (!message.ok) {
        // `describe` answers a report, failed or not: this came from the plug-in's own code.
        state = 'gone';
        void worker.terminate();
        return reject(new Error(`its worker answered with an error: ${message.message}`));
      }
      const ok = (message.value as DefinitionReport | undefined)?.ok === true;
      state = ok ? 'loaded' : 'gone';
      if (ok) worker.unref();
      else void worker.terminate();
      resolve(message.value);
    });
    const died = (reason: string): void => {
      if (state === 'taken' || state === 'gone') return;
      const loading = state === 'loading';
      state = 'gone';
      if (loading) reject(new Error(reason));
    };
    worker.on('error', (error: Error & { code?: string }) => died(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it ran out of its ${memoryMb} MiB memory budget` : `its worker failed: ${error.message.split('\n')[0] ?? ''}`));
    worker.on('exit', (code: number) => died(`its worker exited (code ${code})`));
  });
  report.catch(() => {});
  worker.postMessage({ op: 'describe', id: DESCRIBE_ID });
  return {
    report,
    take() {
      if (state !== 'loaded') return undefined;
      state = 'taken';
      return worker;
    },
    stop() {
      if (state === 'taken' || state === 'gone') return;
      state = 'gone';
      void worker.terminate();
    },
  };
}
