import type { LoadoutEngine } from '../engine/engine-types.js';
import type { EngineConfig } from '../engine/engine-options.js';
import type { MessageEndpoint, WorkerEndpoint } from '../worker/endpoints.js';
import { serveEngine } from '../worker/serve-engine.js';
import type { EngineServer } from '../worker/serve-engine.js';

/** A fake worker: one `MessageChannel`, the engine served on one port, a `WorkerEndpoint` over the other. */
export interface ChannelWorker {
  readonly worker: WorkerEndpoint & { readonly terminated: boolean };
  readonly server: EngineServer;
  /** Every message the page side posted, in order. */
  readonly sent: unknown[];
  /** Fires an `error` event on the page side, as a worker that fails to load does. */
  fail(message: string): void;
}

/** Builds a {@link ChannelWorker} whose engine is made by `createEngine` on `init`. */
export function createChannelWorker(createEngine: (config: EngineConfig) => LoadoutEngine): ChannelWorker {
  const channel = new MessageChannel();
  const inside = channel.port2;
  const outside = channel.port1;
  const server = serveEngine(inside as unknown as MessageEndpoint, { createEngine });
  inside.start();
  const errorTarget = new EventTarget();
  const sent: unknown[] = [];
  let terminated = false;
  const worker = {
    get terminated() {
      return terminated;
    },
    postMessage(message: unknown) {
      sent.push(message);
      outside.postMessage(message);
    },
    addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void) {
      if (type === 'message') outside.addEventListener('message', listener as (event: MessageEvent) => void);
      else errorTarget.addEventListener(type, listener);
    },
    removeEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void) {
      if (type === 'message') outside.removeEventListener('message', listener as (event: MessageEvent) => void);
      else errorTarget.removeEventListener(type, listener);
    },
    terminate() {
      terminated = true;
      server.close();
      outside.close();
      inside.close();
    },
  };
  outside.start();
  return {
    worker,
    server,
    sent,
    fail(message) {
      const event = new Event('error', { cancelable: true });
      Object.defineProperty(event, 'message', { value: message });
      errorTarget.dispatchEvent(event);
    },
  };
}
