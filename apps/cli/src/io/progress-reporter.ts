import { REAL_TIMERS, type SandboxTimers } from '../sandbox/sandbox-timers.js';

/** Tools from which indexing is announced as it starts even early in a run (eval, search): a ranker's index of 5,000 tools can take a second. */
export const LARGE_CATALOG = 5000;

/** Options of {@link createProgressReporter}. */
export interface ProgressReporterOptions {
  /** Where lines go (the command's stderr). */
  readonly write: (text: string) => void;
  /** Prefix of every line (`loadout eval`); `''` for none (a logger that adds its own, as `serve`'s). */
  readonly prefix: string;
  /** The clock, in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
  /** A phase reports once it has run this long, then at most this often. Default 1,000 ms. */
  readonly intervalMs?: number;
  /** The timers {@link ProgressReporter.wait} ticks on (never keeping the process alive); tests pass a manual clock with `now`. Default: real timers. */
  readonly timers?: SandboxTimers;
  /** When the command began, on `now`'s clock: {@link ProgressReporter.announce} speaks once the run has gone on `intervalMs`. Default: when the reporter is made. */
  readonly startedAt?: number;
}

/** Reports how far a phase is: call on every step; it prints only what a person needs. */
export interface ProgressReporter {
  /**
   * `what` names the phase (`hybrid: indexing tools`); `done` of `total`
   * steps. `detail`, when given, says what the phase is doing now
   * (`fitting on every event`): a change of it keeps the phase's count and
   * clock, and is printed at once when the phase has printed anything.
   */
  step(what: string, done: number, total: number, detail?: string): void;
  /**
   * Says at once that `what` begins, when the run has gone on `intervalMs`
   * or `force` is set (a phase known to be long, such as indexing a large
   * catalog); else nothing. For a phase that is one long synchronous step,
   * which {@link step} can only report once it has ended. Once said, the
   * next phase is reported at its first step.
   */
  announce(what: string, force?: boolean): void;
  /**
   * Says that `state().what` is still going on while the caller awaits it
   * (a plug-in's module loading, a ranker starting or indexing): nothing for
   * `intervalMs`, then a line every `intervalMs`, `PREFIX: WHAT, 2 s of 10
   * s…` (`of` its budget, when `state().budgetMs` is given; none at or past
   * it). `state` is read at each line, so what is said follows the wait
   * (starting, then indexing). Returns the function that ends the wait; once a line was
   * said, the next phase is reported at its first step.
   */
  wait(state: () => WaitState): () => void;
}

/** What a {@link ProgressReporter.wait} is waiting for, at the moment of a line. */
export interface WaitState {
  /** The wait, named (`hang (3/3): starting`). */
  readonly what: string;
  /** The most it may last, in ms (a start budget): the line says `2 s of 10 s`. Default: none, `2 s`. */
  readonly budgetMs?: number;
}

/** `10` for 10,000 ms, `1.5` for 1,500. */
const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);

/**
 * Progress on stderr for phases that take over a second: a phase prints
 * nothing until it has run `intervalMs`, then a line at most every
 * `intervalMs`, and its last step once it printed anything, so quick runs
 * stay quiet and stdout stays clean for `--json`. A new `what` starts a new
 * phase; once any line was printed, a new phase says so at its first step,
 * so a long last step never sits under the previous phase's count; a
 * phase's first step (`done` 0) is said at once when the run has gone on
 * `intervalMs`. A phase that is one long step is announced as it begins
 * ({@link ProgressReporter.announce}); a wait the caller awaits (a start,
 * an import) is said every `intervalMs` once it has gone on that long
 * ({@link ProgressReporter.wait}).
 */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 1000;
  const runStart = options.startedAt ?? now();
  const head = options.prefix === '' ? '' : `${options.prefix}: `;
  let phase: string | undefined;
  let detailNow: string | undefined;
  let started = 0;
  let printed = 0;
  let shown = false;
  let reporting = false;
  return {
    step(what, done, total, detail) {
      const time = now();
      if (what !== phase) {
        phase = what;
        detailNow = detail;
        started = time;
        shown = false;
      }
      const elapsed = time - started;
      const finished = done >= total;
      const changed = detail !== detailNow && shown;
      detailNow = detail;
      // A first step (done 0) once the run has gone on a second: a long first step is named while it runs.
      const late = done === 0 && !shown && time - runStart >= interval;
      const due = (elapsed >= interval && time - printed >= interval) || (reporting && !shown) || changed || late;
      if (!(due || (finished && shown))) return;
      printed = time;
      shown = true;
      reporting = true;
      options.write(`${head}${what} ${done}/${total}${detail === undefined ? '' : `: ${detail}`} (${(elapsed / 1000).toFixed(1)} s)\n`);
    },
    announce(what, force = false) {
      const time = now();
      if (!force && time - runStart < interval) return;
      // A phase of its own: the next step, whatever its name, starts afresh and is said at once.
      phase = undefined;
      printed = time;
      reporting = true;
      options.write(`${head}${what}\n`);
    },
    wait(state) {
      const begun = now();
      const timers = options.timers ?? REAL_TIMERS;
      let handle: unknown;
      const tick = (): void => {
        handle = timers.set(tick, interval);
        const { what, budgetMs } = state();
        const time = now();
        const elapsed = time - begun;
        // Within a quarter of a line of its budget the wait ends one way or the other (the caller says how): no "10 s of
        // 10 s", nor a "0 s of 1 s" from a tick a millisecond early, racing the budget's own timer.
        if (budgetMs !== undefined && budgetMs - elapsed < interval / 4) return;
        phase = undefined;
        printed = time;
        reporting = true;
        options.write(`${head}${what}, ${Math.round(elapsed / 1000)} s${budgetMs === undefined ? '' : ` of ${seconds(budgetMs)} s`}…\n`);
      };
      handle = timers.set(tick, interval);
      return () => timers.clear(handle);
    },
  };
}
