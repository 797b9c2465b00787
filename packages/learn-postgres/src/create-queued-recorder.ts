import type { UsageEvent } from '@loadout/core';
import type { FeedbackRecorder, FeedbackStore, RecorderIssue } from '@loadout/learn';

/** Options of {@link createQueuedRecorder}. */
export interface QueuedRecorderOptions {
  /** Events kept while the store is unreachable; past it the newest are dropped and counted. Default 10,000; ≥ 1. */
  readonly maxPending?: number;
  /** Most events written in one append. Default 500; ≥ 1. */
  readonly maxBatch?: number;
  /** Wait before retrying after a failed write, in ms. Default 1,000. */
  readonly retryMs?: number;
  /** Told when the store fails (once until a write succeeds again), when events were dropped, and when the store is back (with what was dropped meanwhile). */
  readonly onIssue?: (issue: RecorderIssue | { readonly code: 'store-recovered' | 'store-unavailable'; readonly message: string }) => void;
  /** Schedules a retry; injectable for tests. Default `setTimeout` (unref'd). */
  readonly schedule?: (run: () => void, ms: number) => void;
}

/** `1 event`, `3 events`. */
const events = (count: number): string => `${count} ${count === 1 ? 'event' : 'events'}`;

/**
 * Records usage events into a store that may be away for a while (a
 * database restarting): `record` never waits and never throws; events are
 * written in batches, one append at a time; a failed append keeps its
 * events at the head of the queue and is retried after `retryMs`, so
 * nothing that fits in the queue is lost; what does not fit is dropped,
 * counted and reported. `close` tries once more and reports what it could
 * not write.
 */
export function createQueuedRecorder(store: FeedbackStore, options: QueuedRecorderOptions = {}): FeedbackRecorder {
  const maxPending = options.maxPending ?? 10_000;
  const maxBatch = options.maxBatch ?? 500;
  const retryMs = options.retryMs ?? 1000;
  const schedule =
    options.schedule ??
    ((run: () => void, ms: number): void => {
      setTimeout(run, ms).unref?.();
    });
  const counts = { written: 0, dropped: 0 };
  const queue: UsageEvent[] = [];
  let running = false;
  let failing = false;
  let droppedSinceReport = 0;
  let closed = false;
  let idle: Promise<void> = Promise.resolve();
  let settle: () => void = () => {};
  let wake: () => void = () => {};

  const report = (issue: Parameters<NonNullable<QueuedRecorderOptions['onIssue']>>[0]): void => {
    try {
      options.onIssue?.(issue);
    } catch {
      // A reporter that throws must not stop recording.
    }
  };

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      try {
        await store.append(batch);
      } catch (error) {
        if (!failing) {
          failing = true;
          // A database that cannot be reached is store-unavailable (as the store says), not a file that cannot be written.
          report({ code: 'store-unavailable', message: `${error instanceof Error ? error.message : String(error)}; ${events(queue.length)} kept, retrying every ${retryMs} ms` });
        }
        if (closed) {
          counts.dropped += queue.length;
          report({ code: 'feedback-dropped', message: `${store.location} is still unavailable at shutdown: ${queue.length === 1 ? '1 queued event was' : `${queue.length} queued events were`} not written` });
          queue.length = 0;
          return;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          schedule(resolve, retryMs);
        });
        continue;
      }
      queue.splice(0, batch.length);
      counts.written += batch.length;
      if (failing) {
        failing = false;
        report({ code: 'store-recovered', message: `${store.location} is back: the queued events were written${droppedSinceReport > 0 ? `; ${events(droppedSinceReport)} that did not fit the queue of ${maxPending} ${droppedSinceReport === 1 ? 'was' : 'were'} dropped` : ''}` });
        droppedSinceReport = 0;
      }
    }
  };

  const start = (): void => {
    if (running) return;
    running = true;
    idle = new Promise<void>((resolve) => (settle = resolve));
    void drain().finally(() => {
      running = false;
      settle();
      if (queue.length > 0 && !closed) start();
    });
  };

  return {
    counts,
    record(event) {
      if (closed) return;
      if (queue.length >= maxPending) {
        counts.dropped += 1;
        droppedSinceReport += 1;
        if (droppedSinceReport === 1) report({ code: 'feedback-dropped', message: `more than ${maxPending} usage events waiting for ${store.location}: newer ones are dropped and counted until it catches up` });
        return;
      }
      queue.push({ query: event.query, called: [...event.called], at: event.at ?? Date.now() });
      start();
    },
    async flush() {
      await idle;
    },
    async close() {
      // One more try for what is queued, then nothing waits any longer.
      closed = true;
      wake();
      await idle;
    },
  };
}
