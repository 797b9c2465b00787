import type { SandboxTimers } from '../sandbox-timers.js';

/** Sandbox timers on a clock moved by hand: `advance` runs what falls due; `pending` counts what waits. */
export interface ManualTimers extends SandboxTimers {
  advance(ms: number): void;
  pending(): number;
  /** The clock's time, in ms from 0: the `now` of code that reads a clock beside these timers (the progress reporter). */
  now(): number;
}

/** A clock moved by hand, for the budgets' tests (no sleeps). */
export function manualTimers(): ManualTimers {
  let now = 0;
  const due = new Map<object, { at: number; run: () => void }>();
  return {
    set(run, ms) {
      const handle = {};
      due.set(handle, { at: now + ms, run });
      return handle;
    },
    clear(handle) {
      due.delete(handle as object);
    },
    advance(ms) {
      now += ms;
      for (const [handle, timer] of [...due]) {
        if (timer.at <= now && due.delete(handle)) timer.run();
      }
    },
    pending: () => due.size,
    now: () => now,
  };
}
