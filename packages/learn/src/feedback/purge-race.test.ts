import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UsageEvent } from '@loadout/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// lstat as it is, unless a test sets `overtake`: then the next lstat of the store runs it first, after lstat read the file and before
// anything opens it (where another process's purge or compaction can land while a writer checks the store).
let overtake: (() => Promise<unknown>) | undefined;
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const lstat = async (path: string) => {
    const info = await actual.lstat(path);
    const run = path.endsWith('feedback.jsonl') ? overtake : undefined;
    overtake = undefined;
    await run?.();
    return info;
  };
  return { ...actual, lstat };
});

const { createFileFeedbackStore } = await import('./create-file-feedback-store.js');

const DAY = 86_400_000;
let store: string;
beforeEach(async () => {
  store = join(await mkdtemp(join(tmpdir(), 'loadout-purge-race-')), 'feedback.jsonl');
  overtake = undefined;
});
afterEach(async () => {
  await rm(join(store, '..'), { recursive: true, force: true });
});

const event = (query: string, tool = `${query.replaceAll(' ', '_')}_tool`): UsageEvent => ({ query, called: [tool], at: Date.now() - DAY });
/** The queries stored, each as often as it is stored; every line must be an event. */
async function storedQueries(): Promise<string[]> {
  const text = await readFile(store, 'utf8').catch(() => '');
  const { events, issues } = await createFileFeedbackStore(store).read({ maxBytes: Number.MAX_SAFE_INTEGER });
  expect(issues).toEqual([]);
  expect(events.length).toBe(text.split('\n').filter((line) => line.length > 0).length);
  return events.map((stored) => stored.query).sort();
}

describe('appends racing a purge or a compaction', () => {
  it('an append whose check of the store a purge overtakes writes a new store (it was dropped: file-unwritable ENOENT)', async () => {
    await createFileFeedbackStore(store).append([event('before 1'), event('before 2')]);
    let purged: readonly string[] = [];
    overtake = async () => (purged = await createFileFeedbackStore(store).purge());
    await createFileFeedbackStore(store).append([event('after')]);
    expect(purged).toEqual([store]);
    expect(await storedQueries()).toEqual(['after']);
  });

  it('an append whose check of the store a compaction overtakes writes to the compacted store', async () => {
    await writeFile(store, Array.from({ length: 60 }, (_, index) => `${JSON.stringify({ query: `old ${index}`, called: ['busy'], at: new Date(Date.now() - 2 * DAY).toISOString() })}\n`).join(''));
    let compacted = { kept: 0, dropped: 0 };
    overtake = async () => (compacted = await createFileFeedbackStore(store).compact());
    await createFileFeedbackStore(store).append([event('after')]);
    expect(compacted).toEqual({ kept: 50, dropped: 10 });
    expect(await storedQueries()).toEqual([...Array.from({ length: 50 }, (_, index) => `old ${index + 10}`), 'after'].sort());
  });

  it.each(['purge', 'compact'] as const)('keeps, once each, every event appended after a %s finished, appends running all along', async (action) => {
    // Recent events of one tool beyond the 50 compaction keeps, so it rewrites the store; a purge deletes them.
    await writeFile(store, Array.from({ length: 200 }, (_, index) => `${JSON.stringify({ query: `old ${index}`, called: ['busy'], at: new Date(Date.now() - 2 * DAY).toISOString() })}\n`).join(''));
    const appends: { readonly query: string; readonly afterAction: boolean; settled?: 'before-action' | 'done' }[] = [];
    let started = false;
    let finished = false;
    let stop = false;
    const appender = async (label: string): Promise<void> => {
      // Until the action finished, then 20 more each.
      for (let index = 0, after = 0; !stop && after < 20; index++) {
        const record = { query: `${label} ${index}`, afterAction: finished } as (typeof appends)[number];
        appends.push(record);
        after += finished ? 1 : 0;
        await createFileFeedbackStore(store).append([event(record.query)]);
        record.settled = started ? 'done' : 'before-action';
      }
    };
    const appenders = ['alpha', 'beta', 'gamma'].map(appender);
    // Let some appends land first.
    while (appends.filter((record) => record.settled !== undefined).length < 15) await new Promise((resolve) => setImmediate(resolve));
    started = true;
    const result = await createFileFeedbackStore(store)[action]();
    finished = true;
    await Promise.all(appenders).finally(() => (stop = true));

    const stored = await storedQueries();
    const counts = new Map<string, number>();
    for (const query of stored) counts.set(query, (counts.get(query) ?? 0) + 1);
    expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
    const after = appends.filter((record) => record.afterAction);
    expect(after.length).toBe(60);
    expect(after.filter((record) => !counts.has(record.query))).toEqual([]);
    if (action === 'purge') {
      expect(result).toEqual([store]);
      // Appended before the purge began: deleted with the old events.
      expect(appends.filter((record) => record.settled === 'before-action' && counts.has(record.query))).toEqual([]);
      expect(stored.filter((query) => query.startsWith('old '))).toEqual([]);
    } else {
      // Each appended event has a tool of its own: compaction keeps all of them, and the newest 50 of busy.
      expect(appends.filter((record) => !counts.has(record.query))).toEqual([]);
      expect(stored.filter((query) => query.startsWith('old ')).length).toBe(50);
      expect(result).toMatchObject({ dropped: 150 });
    }
  });
});
