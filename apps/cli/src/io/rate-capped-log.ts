import { countOf } from '../format/count-of.js';

/** Options of {@link createRateCappedLog}. */
export interface RateCappedLogOptions {
  /** Writes one line (a logger's `warn`). */
  readonly write: (line: string) => void;
  /** What one line reports, singular, for the count line (`ranker failure`). */
  readonly what: string;
  /** Lines written per window; later ones in the window are only counted. Default 10; 1 or more. */
  readonly shown?: number;
  /** The window, in ms, from its first line. Default 60,000 (a count per minute at most). */
  readonly windowMs?: number;
  /** The clock, in ms. Default `Date.now`; tests pass their own. */
  readonly now?: () => number;
}

/** A log that a flood of repeats cannot fill; see {@link createRateCappedLog}. */
export interface RateCappedLog {
  /** Logs `line` (whose error code is `code`), or counts it when this window showed enough. */
  (line: string, code: string): void;
  /** Writes the count of lines not shown yet, if any (at shutdown). */
  flush(): void;
}

/**
 * Writes the first `shown` lines of each window of `windowMs`, and counts
 * the rest: the first line after the window (or `flush`) writes one line
 * `N more WHAT not logged in the last S s [codes]` before its own, as `loadout
 * search` caps its warnings at 10 lines and a count.
 */
export function createRateCappedLog(options: RateCappedLogOptions): RateCappedLog {
  const shown = options.shown ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  let windowStart: number | undefined;
  let written = 0;
  let counted = 0;
  let codes = new Set<string>();

  const flush = (): void => {
    if (counted > 0) {
      options.write(`${countOf(counted, `more ${options.what}`, `more ${options.what}s`)} not logged in the last ${Math.round(windowMs / 1000)} s [${[...codes].join(', ')}]`);
    }
    counted = 0;
    codes = new Set();
  };
  const log = (line: string, code: string): void => {
    const time = now();
    if (windowStart === undefined || time - windowStart >= windowMs) {
      flush();
      windowStart = time;
      written = 0;
    }
    if (written < shown) {
      written++;
      options.write(line);
      return;
    }
    counted++;
    codes.add(code);
  };
  return Object.assign(log, { flush });
}
