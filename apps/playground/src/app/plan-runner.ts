/** Runs plans one at a time: a request during a run schedules exactly one more run, with the state as it is then. */
export interface PlanRunner {
  /** Asks for a plan after `delayMs` (default 0), coalescing requests. */
  request(delayMs?: number): void;
}

/** Creates a {@link PlanRunner} around `run`, which computes and shows one plan. */
export function createPlanRunner(run: () => Promise<void>): PlanRunner {
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const start = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await run();
      } while (again);
    } finally {
      running = false;
    }
  };

  return {
    request(delayMs = 0) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        void start();
      }, delayMs);
    },
  };
}
