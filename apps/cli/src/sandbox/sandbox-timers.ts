/** The clock a sandbox's budgets run on: real timers by default, a test's manual clock otherwise. */
export interface SandboxTimers {
  /** Runs `run` after `ms` (never keeping the process alive); returns a handle for {@link SandboxTimers.clear}. */
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** `setTimeout`, unreferenced. */
export const REAL_TIMERS: SandboxTimers = {
  set(run, ms) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  },
  clear(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** `setTimeout`, keeping the process alive until it runs: for a wait nothing else keeps alive (an import that never settles). */
export const KEEPING_TIMERS: SandboxTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};
