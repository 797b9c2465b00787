import { createCoalescingRunner } from '@loadout/core/utils';

/** Runs plans one at a time: a request during a run schedules exactly one more run, with the state as it is then. */
export interface PlanRunner {
  /** Asks for a plan after `delayMs` (default 0), coalescing requests. */
  request(delayMs?: number): void;
}

/** Creates a {@link PlanRunner} around `run`, which computes and shows one plan: a debounce in front of core's coalescing runner. */
export function createPlanRunner(run: () => Promise<void>): PlanRunner {
  const runner = createCoalescingRunner(run);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request(delayMs = 0) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        void runner.request();
      }, delayMs);
    },
  };
}
