/** Options of {@link createProgressReporter}. */
export interface ProgressReporterOptions {
  /** Where lines go (the command's stderr). */
  readonly write: (text: string) => void;
  /** Prefix of every line (`loadout eval`). */
  readonly prefix: string;
  /** The clock, in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
  /** A phase reports once it has run this long, then at most this often. Default 1,000 ms. */
  readonly intervalMs?: number;
}

/** Reports how far a phase is: call on every step; it prints only what a person needs. */
export interface ProgressReporter {
  /** `what` names the phase (`hybrid: indexing tools`); `done` of `total` steps. */
  step(what: string, done: number, total: number): void;
}

/**
 * Progress on stderr for phases that take over a second: a phase prints
 * nothing until it has run `intervalMs`, then a line at most every
 * `intervalMs`, and its last step once it printed anything, so quick runs
 * stay quiet and stdout stays clean for `--json`. A new `what` starts a new
 * phase; once any line was printed, a new phase says so at its first step,
 * so a long last step never sits under the previous phase's count.
 */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 1000;
  let phase: string | undefined;
  let started = 0;
  let printed = 0;
  let shown = false;
  let reporting = false;
  return {
    step(what, done, total) {
      const time = now();
      if (what !== phase) {
        phase = what;
        started = time;
        shown = false;
      }
      const elapsed = time - started;
      const finished = done >= total;
      const due = (elapsed >= interval && time - printed >= interval) || (reporting && !shown);
      if (!(due || (finished && shown))) return;
      printed = time;
      shown = true;
      reporting = true;
      options.write(`${options.prefix}: ${what} ${done}/${total} (${(elapsed / 1000).toFixed(1)} s)\n`);
    },
  };
}
