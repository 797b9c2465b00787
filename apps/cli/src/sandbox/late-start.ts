/** The late starts the sandbox handed over with the errors that reported them (see `SandboxBudget.lateStartMs`). */
const LATE_STARTS = new WeakMap<Error, Promise<void>>();

/**
 * `error` (a start that overran its budget) carrying `start`: the start
 * going on in the background. `start` may reject unobserved.
 */
export function withLateStart<E extends Error>(error: E, start: Promise<void>): E {
  start.catch(() => {});
  LATE_STARTS.set(error, start);
  return error;
}

/**
 * The start still going on behind `error`, a `ranker-timeout` of a
 * sandboxed ranker whose start overran its budget with
 * `SandboxBudget.lateStartMs` set: it resolves once the ranker started and
 * indexed the tools of that start (its next calls use it), and rejects
 * with why it did not (it overran `lateStartMs`, threw or its worker died).
 * Undefined for any other error.
 */
export function lateStartOf(error: unknown): Promise<void> | undefined {
  return error instanceof Error ? LATE_STARTS.get(error) : undefined;
}
