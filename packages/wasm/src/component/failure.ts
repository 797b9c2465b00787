import { isLoadoutError } from '@loadout/core';

/** The WIT `failure` record: what a component function returns instead of trapping. */
export interface Failure {
  readonly code: string;
  readonly message: string;
  /** The CLI's error line, `{"error":{"code","message","details"?}}`. */
  readonly json: string;
}

/** A thrown value as the CLI reports it: a `LoadoutError` with its code, anything else as `internal`. */
export function toFailure(error: unknown): Failure {
  if (isLoadoutError(error)) {
    const value = error.toJSON();
    return { code: value.code, message: value.message, json: JSON.stringify({ error: value }) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message, json: JSON.stringify({ error: { code: 'internal', message } }) };
}

/**
 * Runs `body`; a throw becomes a thrown {@link Failure}, which componentize-js
 * returns as the `err` of the function's `result` (never a trap).
 */
export function coded<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    throw toFailure(error);
  }
}
