import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';

/** Why an operation was cancelled: its caller aborted it, or a newer catalog replaced the one it ran on. */
export type CancelReason = 'aborted' | 'catalog-replaced' | 'disposed';

/** The `cancelled` error of `what` (`search "mail"`), with the reason in `details.reason`. */
export function cancelledError(what: string, reason: CancelReason): LoadoutError {
  const because = reason === 'aborted' ? 'its signal was aborted' : reason === 'catalog-replaced' ? 'a new catalog was loaded' : 'the engine was disposed';
  return createLoadoutError('cancelled', `@loadout/browser: ${what} was cancelled: ${because}`, { reason });
}

/** True for a Loadout `cancelled` error. */
export function isCancelledError(error: unknown): boolean {
  return isLoadoutError(error) && error.code === 'cancelled';
}

/** The reason an aborted signal carries: a {@link CancelReason} when set by the engine, else `aborted`. */
export function reasonOf(signal: AbortSignal): CancelReason {
  const reason: unknown = signal.reason;
  return reason === 'catalog-replaced' || reason === 'disposed' ? reason : 'aborted';
}

/**
 * Settles with `task`, or rejects with a `cancelled` error as soon as any of
 * `signals` aborts (the task itself keeps running; its result is dropped).
 */
export function abortable<T>(task: Promise<T>, what: string, signals: readonly (AbortSignal | undefined)[]): Promise<T> {
  const active = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  const aborted = active.find((signal) => signal.aborted);
  if (aborted !== undefined) {
    task.catch(() => undefined);
    return Promise.reject(cancelledError(what, reasonOf(aborted)));
  }
  if (active.length === 0) return task;
  return new Promise<T>((resolve, reject) => {
    const listeners = active.map((signal) => {
      const listener = (): void => {
        cleanup();
        reject(cancelledError(what, reasonOf(signal)));
      };
      signal.addEventListener('abort', listener, { once: true });
      return { signal, listener };
    });
    const cleanup = (): void => {
      for (const { signal, listener } of listeners) signal.removeEventListener('abort', listener);
    };
    task.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}

/** Throws the `cancelled` error of `what` when any of `signals` has aborted. */
export function throwIfCancelled(what: string, signals: readonly (AbortSignal | undefined)[]): void {
  const aborted = signals.find((signal) => signal?.aborted === true);
  if (aborted !== undefined) throw cancelledError(what, reasonOf(aborted));
}
