import type { UsageEvent } from '@loadout/core';
import { createLoadoutError, isLoadoutError, readUsageEvent } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { createFileFeedbackStore, storedLine } from './create-file-feedback-store.js';
import type { FeedbackStore } from './feedback-store-interface.js';

/** Why a {@link FeedbackRecorder} did not store an event: the store is full, the write failed, or events came faster than they were written. */
export interface RecorderIssue {
  readonly code: 'feedback-too-large' | 'file-unwritable' | 'feedback-dropped';
  /** Names the store and the remedy; never an event's text. */
  readonly message: string;
}

/** Options of {@link createFeedbackRecorder}. */
export interface FeedbackRecorderOptions {
  /** The store never grows past this many bytes (what is read): an event over it is dropped (`feedback-too-large`, once until it shrinks). Default 64 MiB; an integer ≥ 1. */
  readonly maxBytes?: number;
  /** Events waiting to be written at most; more are dropped (`feedback-dropped`, once per burst). Default 1,000; an integer ≥ 1. */
  readonly maxPending?: number;
  /** Called with each issue (a full store and a burst are reported once each until recording works again). Default: none. */
  readonly onIssue?: (issue: RecorderIssue) => void;
}

/** Appends usage events to a feedback store in the background, one append at a time; failures drop events and go to `onIssue`. */
export interface FeedbackRecorder {
  /** Queues one event (a query and the tools called after it); never throws or waits; a malformed event is ignored. */
  record(event: UsageEvent): void;
  /** Resolves once every event queued so far is written or dropped. */
  flush(): Promise<void>;
  /** {@link flush}, then ignores further events. */
  close(): Promise<void>;
  /** Events written and events dropped so far. */
  readonly counts: { readonly written: number; readonly dropped: number };
}

/** Records usage events into a store, or the file store at a path (see {@link FeedbackRecorder}); bad limits throw `invalid-option`. */
export function createFeedbackRecorder(store: string | FeedbackStore, options: FeedbackRecorderOptions = {}): FeedbackRecorder {
  const target = typeof store === 'string' ? createFileFeedbackStore(store) : store;
  const path = target.location;
  const maxBytes = integerOption('createFeedbackRecorder', 'maxBytes', options.maxBytes, 64 * 1024 * 1024, 1);
  const maxPending = integerOption('createFeedbackRecorder', 'maxPending', options.maxPending, 1000, 1);
  const counts = { written: 0, dropped: 0 };
  let pending: UsageEvent[] = [];
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  const reported = new Set<RecorderIssue['code']>();

  const report = (issue: RecorderIssue): void => {
    if (issue.code !== 'file-unwritable' && reported.has(issue.code)) return;
    reported.add(issue.code);
    try {
      options.onIssue?.(issue);
    } catch {
      // A reporter that throws must not stop recording.
    }
  };

  const write = async (): Promise<void> => {
    const batch = pending;
    pending = [];
    reported.delete('feedback-dropped');
    // What fits under the cap, in order (one byte kept for the newline an append cut short may need).
    let room = target.size === undefined ? Infinity : maxBytes - (await target.size()) - 1;
    const over = batch.findIndex((event) => (room -= Buffer.byteLength(storedLine(event)) + 1) < 0);
    const fits = over === -1 ? batch.length : over;
    if (fits < batch.length) {
      counts.dropped += batch.length - fits;
      report({ code: 'feedback-too-large', message: `${path} is at its limit of ${maxBytes} bytes, the most read; usage is no longer recorded until it is compacted (loadout learn --compact --store ${path})` });
    } else {
      reported.delete('feedback-too-large');
    }
    if (fits === 0) return;
    try {
      await target.append(batch.slice(0, fits));
      counts.written += fits;
    } catch (error) {
      counts.dropped += fits;
      report({ code: 'file-unwritable', message: isLoadoutError(error) ? error.message : `cannot write ${path}` });
    }
  };

  return {
    counts,
    record(event) {
      const parsed = readUsageEvent(event);
      if (closed || typeof parsed === 'string') return;
      if (pending.length >= maxPending) {
        counts.dropped++;
        report({ code: 'feedback-dropped', message: `usage events came faster than ${path} was written: more than ${maxPending} waiting, so some were dropped` });
        return;
      }
      // The first event after a write took the batch schedules the next one.
      if (pending.push(parsed) === 1) writing = writing.then(write);
    },
    flush: () => writing,
    async close() {
      closed = true;
      await writing;
    },
  };
}
