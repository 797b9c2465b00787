import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedbackRecorder } from './feedback-recorder.js';
import type { RecorderIssue } from './feedback-recorder.js';
import { createFileFeedbackStore } from './create-file-feedback-store.js';

describe('createFeedbackRecorder', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'loadout-recorder-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('appends events in the background, in order, readable as a store', async () => {
    const store = join(folder, 'nested', 'feedback.jsonl');
    const recorder = createFeedbackRecorder(store);
    recorder.record({ query: 'send an email', called: ['mail__send'], at: Date.UTC(2026, 11, 1) });
    recorder.record({ query: 'post to the channel', called: ['chat__post'] });
    await recorder.flush();
    recorder.record({ query: 'read the inbox', called: ['mail__read'], at: Date.UTC(2026, 11, 2) });
    await recorder.close();
    recorder.record({ query: 'after close', called: ['x'] });
    await recorder.flush();
    const { events, issues } = await createFileFeedbackStore(store).read();
    expect(issues).toEqual([]);
    expect(events.map((event) => event.query)).toEqual(['send an email', 'post to the channel', 'read the inbox']);
    expect(events[0]!.at).toBe(Date.UTC(2026, 11, 1));
    expect(recorder.counts).toEqual({ written: 3, dropped: 0 });
  });

  it('ignores malformed events instead of throwing', async () => {
    const store = join(folder, 'feedback.jsonl');
    const recorder = createFeedbackRecorder(store);
    for (const bad of [null, { query: '', called: ['a'] }, { query: 'q', called: [] }, { query: 'q', called: [3] }, { query: 'q', called: ['a'], at: Number.NaN }, { query: 'q', called: ['a'], at: 1e20 }, { query: 'q', called: ['a'], at: -1 }]) {
      recorder.record(bad as never);
    }
    recorder.record({ query: 'good', called: ['a'], at: 8.64e15 });
    await recorder.close();
    expect((await createFileFeedbackStore(store).read()).events.map((event) => event.query)).toEqual(['good']);
    expect(recorder.counts).toEqual({ written: 1, dropped: 0 });
  });

  it('refuses bad limits with invalid-option', () => {
    for (const options of [{ maxBytes: 0 }, { maxBytes: 1.5 }, { maxPending: 0 }, { maxPending: Number.NaN }]) {
      expect(() => createFeedbackRecorder(join(folder, 'f.jsonl'), options)).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    }
  });

  it('stops at maxBytes, reporting feedback-too-large once, never past the limit', async () => {
    const store = join(folder, 'feedback.jsonl');
    const issues: RecorderIssue[] = [];
    const recorder = createFeedbackRecorder(store, { maxBytes: 200, onIssue: (issue) => issues.push(issue) });
    for (let round = 0; round < 6; round++) {
      recorder.record({ query: `query number ${round} with some words`, called: ['mail__send'] });
      await recorder.flush();
    }
    await recorder.close();
    const text = await readFile(store, 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(200);
    // Still readable at that limit: recording never makes the store unreadable.
    const read = await createFileFeedbackStore(store).read({ maxBytes: 200 });
    expect(read.issues).toEqual([]);
    expect(read.events.length).toBe(recorder.counts.written);
    expect(issues.map((issue) => issue.code)).toEqual(['feedback-too-large']);
    expect(issues[0]!.message).not.toContain('query number');
    expect(recorder.counts.written + recorder.counts.dropped).toBe(6);
    expect(recorder.counts.dropped).toBeGreaterThan(0);
  });

  it('drops what is over maxPending in one burst, reported once', async () => {
    const store = join(folder, 'feedback.jsonl');
    const issues: RecorderIssue[] = [];
    const recorder = createFeedbackRecorder(store, { maxPending: 3, onIssue: (issue) => issues.push(issue) });
    for (let index = 0; index < 10; index++) recorder.record({ query: `q${index}`, called: ['a'] });
    await recorder.close();
    expect(recorder.counts).toEqual({ written: 3, dropped: 7 });
    expect(issues.map((issue) => issue.code)).toEqual(['feedback-dropped']);
    expect((await createFileFeedbackStore(store).read()).events.map((event) => event.query)).toEqual(['q0', 'q1', 'q2']);
  });

  it('reports a store it cannot write as file-unwritable and goes on', async () => {
    // A folder where the store should be: every append fails.
    await writeFile(join(folder, 'file'), 'x');
    const issues: RecorderIssue[] = [];
    const recorder = createFeedbackRecorder(join(folder, 'file', 'feedback.jsonl'), { onIssue: (issue) => issues.push(issue) });
    recorder.record({ query: 'q', called: ['a'] });
    await recorder.flush();
    recorder.record({ query: 'q2', called: ['a'] });
    await recorder.close();
    expect(issues.map((issue) => issue.code)).toEqual(['file-unwritable', 'file-unwritable']);
    expect(recorder.counts).toEqual({ written: 0, dropped: 2 });
  });

  it('survives an onIssue that throws', async () => {
    const recorder = createFeedbackRecorder(join(folder, 'feedback.jsonl'), {
      maxPending: 1,
      onIssue: () => {
        throw new Error('reporter broke');
      },
    });
    recorder.record({ query: 'a', called: ['x'] });
    recorder.record({ query: 'b', called: ['x'] });
    await recorder.close();
    expect(recorder.counts).toEqual({ written: 1, dropped: 1 });
  });
});
