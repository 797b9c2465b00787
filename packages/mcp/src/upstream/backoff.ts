/** Reconnection delays of a failed upstream: exponential, doubling from `initialMs` up to `maxMs`. */
export interface ReconnectOptions {
  /** Delay before the first retry, in ms. Default 500; at least 1. */
  readonly initialMs?: number;
  /** Longest delay between retries, in ms. Default 30,000; at least `initialMs`. */
  readonly maxMs?: number;
  /**
   * How long an upstream must stay ready before its backoff starts again
   * from `initialMs`, in ms; a connection lost sooner counts as one more
   * failure (a server crashing after each handshake backs off to `maxMs`).
   * Default 60,000; 0 resets at every successful connection.
   */
  readonly stableMs?: number;
}

/** Default {@link ReconnectOptions.initialMs}. */
export const DEFAULT_RECONNECT_INITIAL_MS = 500;
/** Default {@link ReconnectOptions.maxMs}. */
export const DEFAULT_RECONNECT_MAX_MS = 30_000;
/** Default {@link ReconnectOptions.stableMs}. */
export const DEFAULT_RECONNECT_STABLE_MS = 60_000;

/** The delay before retry number `attempt` (1 for the first retry): `min(maxMs, initialMs × 2^(attempt−1))`. */
export function backoffDelay(attempt: number, options: ReconnectOptions = {}): number {
  const initial = Math.max(1, options.initialMs ?? DEFAULT_RECONNECT_INITIAL_MS);
  const max = Math.max(initial, options.maxMs ?? DEFAULT_RECONNECT_MAX_MS);
  const exponent = Math.min(Math.max(attempt, 1) - 1, 40);
  return Math.min(max, initial * 2 ** exponent);
}
