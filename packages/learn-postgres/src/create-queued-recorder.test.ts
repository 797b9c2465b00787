import type { UsageEvent } from '@loadout/core';
import type { FeedbackStore } from '@loadout/learn';
import { describe, expect, it } from 'vitest';
import { createQueuedRecorder } from './create-queued-recorder.js';

/** A store whose appends fail while `down` is true. */
function flakyStore(): FeedbackStore & { down: boolean; stored: UsageEvent[] } {
  const store = {
    down: false,
    stored: [] as UsageEvent[],
    specificationVersion: 'v1' as const,
    location: 'postgres://db.example/loadout',
    decisionLocation: 'postgres://db.example/loadout#decision',
    checkWritable: async () => {},
    async append(events: readonly UsageEvent[]) {
      if (store.down) throw new Error('connection refused');
      store.stored.push(...events);
    },
    read: async () => ({ events: [], issues: [] }),
    compact: async () => ({ kept: 0, dropped: 0 }),
    purge: async () => [],
    readDecision: async () => ({ kind: 'missing' as const }),
    writeDecision: async () => {},
  };
  return store;
}

const event = (index: number): UsageEvent => ({ query: `q${index}`, called: ['tool'], at: index });

describe('createQueuedRecorder', () => {
  it('keeps events while the store is down and writes them in order when it returns; overflow is counted and reported', async () => {
    const store = flakyStore();
    const retries: (() => void)[] = [];
    const issues: string[] = [];
    const recorder = createQueuedRecorder(store, { maxPending: 5, schedule: (run) => void retries.push(run), onIssue: (issue) => void issues.push(issue.code) });
    store.down = true;
    for (let index = 0; index < 7; index++) recorder.record(event(index));
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.stored).toEqual([]);
    expect(recorder.counts).toEqual({ written: 0, dropped: 2 });
    store.down = false;
    retries.shift()!();
    await recorder.flush();
    expect(store.stored.map((stored) => stored.query)).toEqual(['q0', 'q1', 'q2', 'q3', 'q4']);
    expect(recorder.counts).toEqual({ written: 5, dropped: 2 });
    expect(issues).toEqual(['feedback-dropped', 'store-unavailable', 'store-recovered']);
  });

  it('never waits in record, and close stops retrying, reporting what it could not write', async () => {
    const store = flakyStore();
    store.down = true;
    const issues: string[] = [];
    const messages: string[] = [];
    const recorder = createQueuedRecorder(store, { schedule: () => {}, onIssue: (issue) => {
        issues.push(issue.code);
        messages.push(issue.message);
      },
    });
    recorder.record(event(1));
    await new Promise((resolve) => setImmediate(resolve));
    await recorder.close();
    expect(recorder.counts).toEqual({ written: 0, dropped: 1 });
    expect(issues).toEqual(['store-unavailable', 'feedback-dropped']);
    // Trial 3437: "1 events kept".
    expect(messages).toEqual([
      expect.stringMatching(/^connection refused; 1 event kept, retrying every \d+ ms$/),
      'postgres://db.example/loadout is still unavailable at shutdown: 1 queued event was not written',
    ]);
  });
});
