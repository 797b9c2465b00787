import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createFileFeedbackStore } from './create-file-feedback-store.js';
import type { UsageEvent } from '@loadout/core';

const appendFeedbackEvents = (path: string, events: readonly UsageEvent[]): Promise<void> => createFileFeedbackStore(path).append(events);
const readFeedbackFile = (path: string, options?: { maxBytes: number }) => createFileFeedbackStore(path).read(options);

const DAY = 86_400_000;

async function store(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loadout-feedback-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return join(dir, 'nested', 'feedback.jsonl');
}

describe('feedback store', () => {
  it('appends events as JSONL (query, called, at only) and reads them back', async () => {
    const path = await store();
    expect(await readFeedbackFile(path)).toEqual({ events: [], issues: [] });
    await appendFeedbackEvents(path, [{ query: 'save it', called: ['write_file'], at: 5 * DAY }]);
    await appendFeedbackEvents(path, [{ query: 'find it', called: ['search'], at: 6 * DAY }]);
    const lines = (await readFile(path, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => Object.keys(line).sort())).toEqual([['at', 'called', 'query'], ['at', 'called', 'query']]);
    expect((await readFeedbackFile(path)).events).toEqual([
      { query: 'save it', called: ['write_file'], at: 5 * DAY },
      { query: 'find it', called: ['search'], at: 6 * DAY },
    ]);
  });

  it('appends after a line an earlier append left unfinished on a new line: only that line is lost', async () => {
    const path = await store();
    await appendFeedbackEvents(path, [{ query: 'save it', called: ['write_file'], at: 5 * DAY }]);
    await writeFile(path, `${await readFile(path, 'utf8')}{"query":"cut sh`);
    await appendFeedbackEvents(path, [{ query: 'find it', called: ['search'], at: 6 * DAY }]);
    const { events, issues } = await readFeedbackFile(path);
    expect(events.map((event) => event.query)).toEqual(['save it', 'find it']);
    expect(issues.map((issue) => [issue.code, issue.line])).toEqual([['feedback-invalid-line', 2]]);
  });

  it('skips a record cut mid-character like any torn line, by its number: the rest is read, appended after and kept by compact', async () => {
    const path = await store();
    await appendFeedbackEvents(path, [{ query: '請求書を送る', called: ['send_invoice'], at: 5 * DAY }]);
    // A crash or a full disk while appending "請求書…": the last record ends inside a three-byte character.
    await writeFile(path, Buffer.concat([await readFile(path), Buffer.from('{"query":"'), Buffer.from('請').subarray(0, 2)]));
    await appendFeedbackEvents(path, [{ query: 'find it', called: ['search'], at: Date.now() }]);
    const { events, issues } = await readFeedbackFile(path);
    expect(events.map((event) => event.query)).toEqual(['請求書を送る', 'find it']);
    expect(issues).toEqual([{ code: 'feedback-invalid-line', line: 2, message: 'line 2: not valid UTF-8 (a record cut short mid-character, or another encoding)' }]);
    expect(await createFileFeedbackStore(path).compact()).toEqual({ kept: 1, dropped: 2 });
    expect((await readFeedbackFile(path)).events.map((event) => event.query)).toEqual(['find it']);
  });

  it('compact never rewrites a store it cannot read as text (NUL bytes after a power loss): none of its events were read', async () => {
    const path = await store();
    await appendFeedbackEvents(path, [{ query: 'save it', called: ['write_file'], at: 5 * DAY }]);
    const zeroed = Buffer.concat([await readFile(path), new Uint8Array(64)]);
    await writeFile(path, zeroed);
    expect((await readFeedbackFile(path)).issues.map((issue) => issue.line)).toEqual([0]);
    expect(await createFileFeedbackStore(path).compact()).toEqual({ kept: 0, dropped: 0 });
    expect(await readFile(path)).toEqual(zeroed);
  });

  it('reports a file over maxBytes as feedback-too-large without reading it', async () => {
    const path = await store();
    await appendFeedbackEvents(path, [{ query: 'x'.repeat(100), called: ['a'] }]);
    const { events, issues } = await readFeedbackFile(path, { maxBytes: 50 });
    expect(events).toEqual([]);
    expect(issues.map((issue) => issue.code)).toEqual(['feedback-too-large']);
  });

  it('compacts to the newest 50 events per tool within 180 days, dropping corrupt lines, then purges', async () => {
    const path = await store();
    const now = Date.now();
    const a = Array.from({ length: 51 }, (_, index) => ({ query: `a${index}`, called: ['a'], at: now - (60 - index) * DAY }));
    await appendFeedbackEvents(path, [{ query: 'too old', called: ['a'], at: now - 181 * DAY }, ...a, { query: 'b1', called: ['b'], at: now - DAY }]);
    await writeFile(path, `${await readFile(path, 'utf8')}{broken\n`);
    const result = await createFileFeedbackStore(path).compact();
    expect(result).toEqual({ kept: 51, dropped: 3 });
    expect((await readFeedbackFile(path)).events.map((event) => event.query)).toEqual([...a.slice(1).map((event) => event.query), 'b1']);
    await createFileFeedbackStore(path).purge();
    expect(await readFeedbackFile(path)).toEqual({ events: [], issues: [] });
    await createFileFeedbackStore(path).purge();
  });

  it('compacts by time, not by position: an old log imported after newer events stays old', async () => {
    const path = await store();
    const now = Date.now();
    const days = (from: number) => Array.from({ length: 50 }, (_, index) => from + index);
    await appendFeedbackEvents(path, days(60).map((day) => ({ query: `new ${day}`, called: ['write_file'], at: now - (200 - day) * DAY })));
    await appendFeedbackEvents(path, [1, 2, 3].map((day) => ({ query: `old ${day}`, called: ['write_file'], at: now - (150 - day) * DAY })));
    expect(await createFileFeedbackStore(path).compact()).toEqual({ kept: 50, dropped: 3 });
    expect((await readFeedbackFile(path)).events.map((event) => event.query)).toEqual(days(60).map((day) => `new ${day}`));
  });

  it('reports a UTF-16 file as one issue, throws file-unreadable for a folder and file-unwritable for a store it cannot write', async () => {
    const path = await store();
    await appendFeedbackEvents(path, [{ query: 'x', called: ['a'] }]);
    await writeFile(path, Buffer.from('{"query": "secret", "called": ["a"]}\n', 'utf16le'));
    const wide = await readFeedbackFile(path);
    expect(wide.events).toEqual([]);
    expect(wide.issues).toEqual([{ code: 'feedback-invalid-line', line: 0, message: expect.stringMatching(/^the file is not a UTF-8 text file: it is UTF-16 LE text/) }]);
    await expect(readFeedbackFile(tmpdir())).rejects.toMatchObject({ code: 'file-unreadable' });
    await expect(appendFeedbackEvents(join(path, 'below-a-file.jsonl'), [{ query: 'x', called: ['a'] }])).rejects.toMatchObject({
      code: 'file-unwritable',
      message: expect.stringMatching(/^cannot write .*below-a-file\.jsonl: ENOTDIR \(.*nested.*feedback\.jsonl, or a folder above it, is a file: move it, or name another path for the store\)$/),
    });
  });
});

