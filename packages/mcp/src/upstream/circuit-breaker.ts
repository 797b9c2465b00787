/** Settings of {@link createCircuitBreaker}. */
export interface CircuitBreakerOptions {
  /**
   * Consecutive failed calls that open a circuit: lost connections and
   * transport failures open the upstream's, timeouts of one tool open that
   * tool's (3468). 1–1,000; default 5.
   */
  readonly failures?: number;
  /** How long an open circuit refuses calls before letting one through to try, in ms. 1–86,400,000; default 30,000. */
  readonly cooldownMs?: number;
}

/** Default {@link CircuitBreakerOptions.failures}. */
export const DEFAULT_CIRCUIT_FAILURES = 5;
/** Default {@link CircuitBreakerOptions.cooldownMs}. */
export const DEFAULT_CIRCUIT_COOLDOWN_MS = 30_000;

/** Why calls are being refused: how many failed in a row, the last failure, and when the next trial call is let through. */
export interface OpenCircuit {
  readonly failures: number;
  readonly lastFailure: string;
  readonly retryAt: number;
}

/**
 * A circuit breaker (of one upstream, or of one of its tools): after
 * `failures` calls in a row fail it opens, and calls are refused at once for
 * `cooldownMs`; then one trial call goes through (half-open): success closes
 * the circuit, failure opens it for another cooldown. An upstream's own
 * errors (a tool that answers with an error) are answers, not failures.
 */
export interface CircuitBreaker {
  /** The open circuit refusing a call now, or undefined when the call may go (a trial call once the cooldown is over). */
  refusal(): OpenCircuit | undefined;
  /** The call got an answer (a tool error counts): closes the circuit. */
  succeeded(): void;
  /** The call timed out or lost the connection. */
  failed(reason: string): void;
  /** The call ended neither way (cancelled, refused locally): frees a trial without deciding. */
  released(): void;
  /**
   * A new connection is ready (a fresh handshake and listing): an open
   * circuit lets its trial call through now instead of at the end of the
   * cooldown, since the failures were the old connection's (3468). A closed
   * circuit keeps its count, so a server that crashes on every call still
   * opens it.
   */
  reconnected(): void;
  /** True while calls are refused (or the one trial call is running). */
  isOpen(): boolean;
  /** When the cooldown of an open circuit ends (epoch ms); undefined when closed. */
  openUntil(): number | undefined;
}

/** Creates a closed {@link CircuitBreaker}. */
export function createCircuitBreaker(options: Required<CircuitBreakerOptions>, now: () => number = Date.now): CircuitBreaker {
  let failures = 0;
  let lastFailure = '';
  let openUntil: number | undefined;
  let trialRunning = false;
  return {
    refusal() {
      if (openUntil === undefined) return undefined;
      if (now() >= openUntil && !trialRunning) {
        trialRunning = true;
        return undefined;
      }
      return { failures, lastFailure, retryAt: openUntil };
    },
    succeeded() {
      failures = 0;
      openUntil = undefined;
      trialRunning = false;
    },
    failed(reason) {
      failures += 1;
      lastFailure = reason;
      if (trialRunning || failures >= options.failures) openUntil = now() + options.cooldownMs;
      trialRunning = false;
    },
    released() {
      trialRunning = false;
    },
    reconnected() {
      if (openUntil === undefined) return;
      openUntil = Math.min(openUntil, now());
      trialRunning = false;
    },
    openUntil: () => openUntil,
    isOpen: () => openUntil !== undefined && (now() < openUntil || trialRunning),
  };
}
