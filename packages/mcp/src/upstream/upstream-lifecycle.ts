import { backoffDelay, DEFAULT_RECONNECT_STABLE_MS, type ReconnectOptions } from './backoff.js';

/**
 * Where one upstream stands, with what belongs to that stage. `C` is the
 * connection (the MCP client in the gateway; any value in tests).
 * Each stage is a new object, and an asynchronous step acts only while the
 * stage it started in is still the current one (checked by identity: the
 * attempt's `abort` or the ready `connection`), so a late answer of an
 * abandoned attempt or a closed connection changes nothing.
 */
export type UpstreamPhase<C> =
  /** An attempt is under way: its handshake (abort stops it), then its first listing on `connection`. */
  | { readonly kind: 'connecting'; readonly abort: AbortController; readonly connection?: C }
  /** Connected and listed since `since` (epoch ms). */
  | { readonly kind: 'ready'; readonly connection: C; readonly since: number }
  /** Lost or never reached: the next attempt starts at `retryAt` (epoch ms), `delayMs` after it failed. */
  | { readonly kind: 'reconnecting'; readonly retryAt: number; readonly delayMs: number }
  /** Closed for good. */
  | { readonly kind: 'closed' };

/** One upstream's stage and its run of failures. */
export interface UpstreamLifecycle<C> {
  readonly phase: UpstreamPhase<C>;
  /**
   * Failed attempts (and connections lost soon after they were made) since
   * the upstream last stayed ready for `stableMs`: the backoff grows with it,
   * so a server that crashes right after each handshake is not respawned at
   * the initial delay forever.
   */
  readonly failedAttempts: number;
  /** Why the last attempt or connection failed; kept until the upstream has stayed ready for `stableMs`. */
  readonly lastError?: string;
}

/** Before the first attempt: `connecting`, no failures. */
export function initialLifecycle<C>(abort: AbortController): UpstreamLifecycle<C> {
  return { phase: { kind: 'connecting', abort }, failedAttempts: 0 };
}

/** An attempt starts (the retry timer fired, or the first one): `connecting`. A closed upstream stays closed. */
export function attemptStarted<C>(life: UpstreamLifecycle<C>, abort: AbortController): UpstreamLifecycle<C> {
  return life.phase.kind === 'closed' ? life : { ...life, phase: { kind: 'connecting', abort } };
}

/** True while `token` (an attempt's `abort` or a ready connection) belongs to the current stage. */
export function isCurrent<C>(life: UpstreamLifecycle<C>, token: AbortController | C): boolean {
  const { phase } = life;
  if (phase.kind === 'connecting') return phase.abort === token || (phase.connection !== undefined && phase.connection === token);
  return phase.kind === 'ready' && phase.connection === token;
}

/** The attempt's handshake succeeded: it now lists tools on `connection`. Undefined when the attempt is no longer current. */
export function handshakeDone<C>(life: UpstreamLifecycle<C>, abort: AbortController, connection: C): UpstreamLifecycle<C> | undefined {
  if (life.phase.kind !== 'connecting' || life.phase.abort !== abort) return undefined;
  return { ...life, phase: { kind: 'connecting', abort, connection } };
}

/** The attempt's first listing succeeded at `now`: `ready`. The failure count is kept (see {@link connectionLost}). */
export function becameReady<C>(life: UpstreamLifecycle<C>, abort: AbortController, now: number): UpstreamLifecycle<C> | undefined {
  const { phase } = life;
  if (phase.kind !== 'connecting' || phase.abort !== abort || phase.connection === undefined) return undefined;
  return { ...life, phase: { kind: 'ready', connection: phase.connection, since: now } };
}

/** How long ready counts as recovered, in ms. */
function stableMs(options: ReconnectOptions): number {
  return options.stableMs ?? DEFAULT_RECONNECT_STABLE_MS;
}

/** Failures so far, with the one that just happened: restarted at 1 when the upstream had stayed ready for `stableMs`. */
function failuresAfter<C>(life: UpstreamLifecycle<C>, now: number, options: ReconnectOptions): number {
  const { phase } = life;
  return phase.kind === 'ready' && now - phase.since >= stableMs(options) ? 1 : life.failedAttempts + 1;
}

/**
 * The current attempt or connection (`token`) failed at `now` for `reason`:
 * `reconnecting`, the next attempt after the backoff for the failures so
 * far. Undefined when `token` is not current (an old connection's late
 * close) or the upstream is closed.
 */
export function connectionLost<C>(
  life: UpstreamLifecycle<C>,
  token: AbortController | C,
  reason: string,
  now: number,
  options: ReconnectOptions = {},
): UpstreamLifecycle<C> | undefined {
  if (!isCurrent(life, token)) return undefined;
  const failedAttempts = failuresAfter(life, now, options);
  const delayMs = backoffDelay(failedAttempts, options);
  return { phase: { kind: 'reconnecting', retryAt: now + delayMs, delayMs }, failedAttempts, lastError: reason };
}

/** The failures shown while ready: none once the upstream has stayed ready for `stableMs` by `now`. */
export function settledFailures<C>(life: UpstreamLifecycle<C>, now: number, options: ReconnectOptions = {}): Pick<UpstreamLifecycle<C>, 'failedAttempts' | 'lastError'> {
  const { phase } = life;
  if (phase.kind === 'ready' && now - phase.since >= stableMs(options)) return { failedAttempts: 0 };
  return life.lastError === undefined ? { failedAttempts: life.failedAttempts } : { failedAttempts: life.failedAttempts, lastError: life.lastError };
}

/** `closed`, from any stage. */
export function closedLifecycle<C>(life: UpstreamLifecycle<C>): UpstreamLifecycle<C> {
  return { ...life, phase: { kind: 'closed' } };
}
