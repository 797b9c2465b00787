import { createLoadoutError, describeValue } from '@loadout/core';
import { createEngine } from '../engine/create-engine.js';
import type { EngineConfig } from '../engine/engine-options.js';
import type { LoadoutEngine } from '../engine/engine-types.js';
import type { MessageEndpoint } from './endpoints.js';
import { isEngineRequest, PROTOCOL_VERSION } from './protocol.js';
import type { CallMessage, EngineResponse } from './protocol.js';
import { responseDepthProblem } from './response-depth.js';
import { toWireError } from './wire-error.js';

/** Options of {@link serveEngine}. */
export interface ServeEngineOptions {
  /** Creates the engine on `init`. Default: `createEngine(config)` (IndexedDB persistence when available). */
  createEngine?: (config: EngineConfig) => LoadoutEngine;
}

/** A running engine server; `close` stops listening and disposes the engine. */
export interface EngineServer {
  close(): void;
}

/**
 * Answers engine calls arriving on `endpoint` (a worker's global scope, or a
 * `MessagePort`): creates the engine on `init`, runs each call, posts its
 * result or error with the call's id, and aborts a call on `cancel`. Calls
 * run concurrently in arrival order; a catalog loaded while a search is
 * still building its index cancels that search.
 */
export function serveEngine(endpoint: MessageEndpoint, options: ServeEngineOptions = {}): EngineServer {
  const make = options.createEngine ?? ((config: EngineConfig) => createEngine(config));
  const running = new Map<number, AbortController>();
  let engine: LoadoutEngine | undefined;
  let initFailure: unknown;

  const required = (method: string): LoadoutEngine => {
    if (engine === undefined && initFailure !== undefined) throw initFailure;
    if (engine === undefined) {
      throw createLoadoutError('invalid-input', `@loadout/browser: the worker got ${describeValue(method)} before init`, { method });
    }
    return engine;
  };

  const run = (message: CallMessage, signal: AbortSignal): Promise<unknown> => {
    switch (message.method) {
      case 'init': {
        const { version, config } = message.params;
        if (version !== PROTOCOL_VERSION) {
          throw createLoadoutError('unsupported-environment', `@loadout/browser: the page speaks protocol ${describeValue(version)}, this worker ${PROTOCOL_VERSION}; rebuild both from one version`, {
            version,
            expected: PROTOCOL_VERSION,
          });
        }
        engine?.dispose();
        engine = undefined;
        try {
          engine = make(config);
          initFailure = undefined;
        } catch (error) {
          initFailure = error;
          throw error;
        }
        return Promise.resolve({ version: PROTOCOL_VERSION });
      }
      case 'loadCatalog':
        return required(message.method).loadCatalog(message.params.input, message.params.options);
      case 'plan':
        return required(message.method).plan(message.params.input, message.params.tokenizer === undefined ? {} : { tokenizer: message.params.tokenizer });
      case 'search': {
        const { query, ...searchOptions } = message.params;
        return required(message.method).search(query, { ...searchOptions, signal });
      }
      case 'prepare':
        return required(message.method).prepare(message.params.ranker, { signal });
      case 'rankers':
        return required(message.method).rankers();
      case 'flush':
        return required(message.method).flush().then(() => null);
    }
  };

  const respond = (response: EngineResponse): void => {
    const tooDeep = response.kind === 'result' ? responseDepthProblem(response.method, response.value) : undefined;
    if (tooDeep !== undefined) {
      endpoint.postMessage({ kind: 'error', id: response.id, method: response.method, error: toWireError(tooDeep) } satisfies EngineResponse);
      return;
    }
    try {
      endpoint.postMessage(response);
    } catch (error) {
      endpoint.postMessage({ kind: 'error', id: response.id, method: response.method, error: toWireError(error) } satisfies EngineResponse);
    }
  };

  const onMessage = (event: MessageEvent): void => {
    const message: unknown = event.data;
    if (!isEngineRequest(message)) return;
    if (message.kind === 'cancel') {
      running.get(message.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(message.id, controller);
    let task: Promise<unknown>;
    try {
      task = run(message, controller.signal);
    } catch (error) {
      task = Promise.reject(error);
    }
    task
      .then(
        (value) => respond({ kind: 'result', id: message.id, method: message.method, value } as EngineResponse),
        (error: unknown) => respond({ kind: 'error', id: message.id, method: message.method, error: toWireError(error) }),
      )
      .catch(() => undefined)
      .finally(() => running.delete(message.id));
  };

  endpoint.addEventListener('message', onMessage);
  return {
    close() {
      endpoint.removeEventListener('message', onMessage);
      for (const controller of running.values()) controller.abort();
      running.clear();
      engine?.dispose();
      engine = undefined;
    },
  };
}
