import { createLoadoutError } from '@loadout/core';
import type { GatewayLogger } from '../logger/gateway-logger.js';

/** Default {@link WaitForUpstreamsOptions.noticeMs}. */
export const DEFAULT_WAIT_NOTICE_MS = 2000;

/** Options of {@link waitForUpstreams}. */
export interface WaitForUpstreamsOptions {
  /** Settles once every upstream's first connection attempt succeeded or failed. */
  readonly starts: Promise<unknown>;
  /** Names of the upstreams whose first attempt is still under way. */
  readonly pending: () => readonly string[];
  /** Serve without the pending ones after this many ms; undefined: wait for every first attempt. */
  readonly waitMs: number | undefined;
  /** The connect timeout, named in the waiting line. */
  readonly connectTimeoutMs: number;
  /** After this many ms still waiting, say at `info` which upstreams are awaited. Default 2,000. */
  readonly noticeMs?: number;
  readonly logger: GatewayLogger;
  /** Stops waiting: rejects with `cancelled`. */
  readonly signal?: AbortSignal;
}

function names(pending: readonly string[]): string {
  return `upstream${pending.length === 1 ? '' : 's'} ${pending.map((name) => JSON.stringify(name)).join(', ')}`;
}

/** Rejects with `cancelled` once `signal` aborts (never, without one); `dispose` stops listening. */
export function cancelledBy(signal: AbortSignal | undefined, what: string): { readonly cancelled: Promise<never>; dispose(): void } {
  let dispose = (): void => {};
  const cancelled = new Promise<never>((_, reject) => {
    if (signal === undefined) return;
    const stop = (): void => reject(createLoadoutError('cancelled', `${what} was cancelled (shutting down)`));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    dispose = () => signal.removeEventListener('abort', stop);
  });
  cancelled.catch(() => {});
  return { cancelled, dispose: () => dispose() };
}

/**
 * Waits for the upstreams' first connection attempts, at most `waitMs`:
 * says at `info` after `noticeMs` which ones are still awaited (a server that
 * never answers `initialize` is otherwise silent until its connect timeout),
 * and, when the wait ends first, which ones the gateway serves without for
 * now (they join once ready). Resolves with the names served without.
 */
export async function waitForUpstreams(options: WaitForUpstreamsOptions): Promise<readonly string[]> {
  const { logger } = options;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const after = (ms: number, run: () => void): void => {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    timers.push(timer);
  };
  const noticeMs = options.noticeMs ?? DEFAULT_WAIT_NOTICE_MS;
  if (options.waitMs === undefined || noticeMs < options.waitMs) {
    after(noticeMs, () => {
      const pending = options.pending();
      if (pending.length === 0) return;
      const until = options.waitMs === undefined ? '' : `; serving without ${pending.length === 1 ? 'it' : 'them'} after ${options.waitMs} ms`;
      logger.info(`waiting for ${names(pending)} to answer (connect timeout ${options.connectTimeoutMs} ms${until})`);
    });
  }
  let timedOut = false;
  const waited = options.waitMs === undefined ? new Promise<void>(() => {}) : new Promise<void>((resolve) => after(options.waitMs!, () => resolve()));
  const stop = cancelledBy(options.signal, 'start-up');
  try {
    await Promise.race([options.starts, waited.then(() => void (timedOut = true)), stop.cancelled]);
  } finally {
    for (const timer of timers) clearTimeout(timer);
    stop.dispose();
  }
  const pending = timedOut ? options.pending() : [];
  if (pending.length > 0) {
    logger.info(`serving without ${names(pending)} for now (still connecting after ${options.waitMs} ms): ${pending.length === 1 ? 'its' : 'their'} tools join once ready`);
  }
  return pending;
}
