import { createLoadoutError, describeValue, isLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import type { EngineConfig } from '../engine/engine-options.js';
import type { LoadoutEngine } from '../engine/engine-types.js';
import { cancelledError } from '../shared/cancelled.js';
import type { WorkerEndpoint } from './endpoints.js';
import { isEngineResponse, PROTOCOL_VERSION } from './protocol.js';
import type { CallMessage, EngineCalls, EngineMethod, EngineRequest } from './protocol.js';
import { resolveConfigUrls } from './resolve-config-urls.js';
import { fromWireError } from './wire-error.js';

interface Pending {
  readonly resolve: (value: never) => void;
  readonly reject: (error: unknown) => void;
  readonly cleanup: () => void;
}

/**
 * Creates a {@link LoadoutEngine} whose work runs in a Web Worker serving
 * `@loadout/browser/worker`. `worker` is the worker, or a function creating
 * it (called on the first call). `config` is sent with the first message;
 * its relative URLs are resolved against the page first. Searches with an
 * aborted `signal` reject at once with `cancelled` and the worker is told to
 * drop them. When the worker cannot be created (a `worker` function that
 * throws, as `new Worker` does under a Trusted Types policy) or fails to
 * start, every call rejects with `unsupported-environment` (details
 * `started: false`; a coded error the function throws is kept).
 */
export function createWorkerEngine(worker: WorkerEndpoint | (() => WorkerEndpoint), config: EngineConfig = {}): LoadoutEngine {
  const initConfig = resolveConfigUrls(config);
  const pending = new Map<number, Pending>();
  let endpoint: WorkerEndpoint | undefined;
  let nextId = 1;
  let started = false;
  let answered = false;
  let failure: LoadoutError | undefined;
  let disposed = false;

  const rejectAll = (error: unknown): void => {
    const entries = [...pending.values()];
    pending.clear();
    for (const entry of entries) {
      entry.cleanup();
      entry.reject(error);
    }
  };

  const onMessage = (event: Event): void => {
    const data = (event as MessageEvent).data as unknown;
    if (!isEngineResponse(data)) return;
    answered = true;
    const entry = pending.get(data.id);
    if (entry === undefined) return;
    pending.delete(data.id);
    entry.cleanup();
    if (data.kind === 'result') entry.resolve(data.value as never);
    else entry.reject(fromWireError(data.error));
  };
  const onError = (event: Event): void => {
    const detail = (event as ErrorEvent).message;
    const error = createLoadoutError(
      'unsupported-environment',
      `@loadout/browser: the engine worker failed${detail ? `: ${detail}` : ''}${answered ? '' : ' (it did not start: check the worker URL and that it serves @loadout/browser/worker)'}`,
      { reason: detail ?? null, started: answered },
    );
    if (!answered) failure = error;
    if (event.type === 'error') event.preventDefault?.();
    rejectAll(error);
  };

  const connect = (): WorkerEndpoint => {
    if (endpoint === undefined) {
      endpoint = typeof worker === 'function' ? worker() : worker;
      endpoint.addEventListener('message', onMessage);
      endpoint.addEventListener('error', onError);
      endpoint.addEventListener('messageerror', onError);
    }
    return endpoint;
  };

  const post = (target: WorkerEndpoint, message: EngineRequest): void => {
    target.postMessage(message);
  };

  const send = <M extends EngineMethod>(method: M, params: EngineCalls[M]['params'], what: string, signal?: AbortSignal): Promise<EngineCalls[M]['result']> => {
    if (disposed) return Promise.reject(cancelledError(what, 'disposed'));
    if (failure !== undefined) return Promise.reject(failure);
    if (signal?.aborted === true) return Promise.reject(cancelledError(what, 'aborted'));
    let target: WorkerEndpoint;
    try {
      target = connect();
    } catch (error) {
      failure = isLoadoutError(error)
        ? error
        : createLoadoutError('unsupported-environment', `@loadout/browser: the engine worker could not be created: ${error instanceof Error ? error.message : String(error)}`, {
            reason: error instanceof Error ? error.message : String(error),
            started: false,
          });
      return Promise.reject(failure);
    }
    if (!started && method !== 'init') {
      started = true;
      send('init', { version: PROTOCOL_VERSION, config: initConfig }, 'init').catch((error: unknown) => {
        failure ??= error as LoadoutError;
      });
    }
    const id = nextId++;
    return new Promise<EngineCalls[M]['result']>((resolve, reject) => {
      const onAbort = (): void => {
        if (!pending.delete(id)) return;
        post(target, { kind: 'cancel', id });
        reject(cancelledError(what, 'aborted'));
      };
      const cleanup = (): void => signal?.removeEventListener('abort', onAbort);
      pending.set(id, { resolve: resolve as (value: never) => void, reject, cleanup });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        post(target, { kind: 'call', id, method, params } as CallMessage);
      } catch (error) {
        pending.delete(id);
        cleanup();
        reject(createLoadoutError('invalid-input', `@loadout/browser: ${what} cannot be sent to the worker: ${String(error)}`, { method }));
      }
    });
  };

  return {
    loadCatalog: (input, options = {}) => send('loadCatalog', { input, options }, 'loadCatalog'),
    plan(input, options = {}) {
      if (options.mods !== undefined && options.mods.length > 0) {
        return Promise.reject(
          createLoadoutError(
            'invalid-option',
            `@loadout/browser: programmatic mods (${options.mods.map((mod) => describeValue(mod.name)).join(', ')}) cannot run in a worker; pass declarative mods in input.mods or plan with createEngine()`,
            { option: 'mods' },
          ),
        );
      }
      return send('plan', options.tokenizer === undefined ? { input } : { input, tokenizer: options.tokenizer }, 'plan');
    },
    search(query, options = {}) {
      const { signal, ...rest } = options;
      return send('search', { query, ...rest }, `search ${describeValue(query)}`, signal);
    },
    prepare: (ranker, options = {}) => send('prepare', { ranker }, `prepare ${describeValue(ranker)}`, options.signal),
    rankers: () => send('rankers', {}, 'rankers'),
    flush: async () => {
      await send('flush', {}, 'flush');
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      rejectAll(cancelledError('the call', 'disposed'));
      if (endpoint !== undefined) {
        endpoint.removeEventListener('message', onMessage);
        endpoint.removeEventListener('error', onError);
        endpoint.removeEventListener('messageerror', onError);
        endpoint.terminate();
      }
    },
  };
}
