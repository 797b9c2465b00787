import type { MaybePromise } from '../ranking/ranker.js';

/** True when `value` is a promise (anything with a `then` function) rather than a plain value. */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * Applies `next` to `value`: at once when it is a plain value (no microtask,
 * so a synchronous ranker answers synchronously), after it resolves when it
 * is a promise.
 */
export function thenMaybe<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return isPromise(value) ? value.then(next) : next(value);
}
