/**
 * Runs an async task one run at a time, coalescing requests: a request
 * while a run is in progress asks for exactly one more run after it,
 * however many requests arrive, so the last run always sees the newest
 * state and no run overlaps another.
 */
export interface CoalescingRunner {
  /**
   * Starts a run now, or, while one is running, schedules exactly one more.
   * Resolves when every run this request waits for has finished; rejects
   * with the first error one of them threw (later runs still happen).
   */
  request(): Promise<void>;
  /** Resolves (never rejects) once no run is in progress or scheduled. */
  idle(): Promise<void>;
  /** True while a run is in progress or scheduled. */
  readonly busy: boolean;
}

/**
 * Creates a {@link CoalescingRunner} around `task`. The task may be
 * synchronous; it is never called re-entrantly.
 */
export function createCoalescingRunner(task: () => Promise<void> | void): CoalescingRunner {
  let active: Promise<void> | undefined;
  let again = false;

  const loop = async (): Promise<void> => {
    let failed = false;
    let failure: unknown;
    try {
      do {
        again = false;
        try {
          await task();
        } catch (error) {
          if (!failed) {
            failed = true;
            failure = error;
          }
        }
      } while (again);
    } finally {
      active = undefined;
    }
    if (failed) throw failure;
  };

  return {
    get busy() {
      return active !== undefined;
    },
    request() {
      if (active !== undefined) {
        again = true;
        return active;
      }
      active = loop();
      return active;
    },
    idle() {
      return active === undefined ? Promise.resolve() : active.then(noop, noop);
    },
  };
}

function noop(): void {}
