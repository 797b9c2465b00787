import type { GatewayLogger } from './gateway-logger.js';

/** Default {@link RateLimitedWarningOptions.intervalMs}. */
export const DEFAULT_WARNING_INTERVAL_MS = 60_000;

/** Options of {@link createRateLimitedWarning}. */
export interface RateLimitedWarningOptions {
  readonly logger: GatewayLogger;
  /** Least time between two lines, in ms. Default 60,000. */
  readonly intervalMs?: number;
  /** The clock, epoch ms. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * A warning that may recur without bound (an upstream writing stray lines to
 * stdout): the first is logged, then at most one per `intervalMs`, which says
 * how many were left out since the one before.
 */
export function createRateLimitedWarning(options: RateLimitedWarningOptions): (line: string) => void {
  const intervalMs = options.intervalMs ?? DEFAULT_WARNING_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let last: number | undefined;
  let skipped = 0;
  return (line) => {
    const time = now();
    if (last !== undefined && time - last < intervalMs) {
      skipped += 1;
      return;
    }
    const left = skipped === 0 ? '' : ` (${skipped} more like it since the last such warning, not logged)`;
    last = time;
    skipped = 0;
    options.logger.warn(`${line}${left}`);
  };
}
