import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createFileFeedbackStore } from './create-file-feedback-store.js';
import { appendFeedbackEvents, compactFeedbackFile, readFeedbackFile } from './feedback-store.js';

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

  it('reports a file over maxBytes as feedback-too-large without reading it', async () => {
    const path = await store();
    await appendFeedbackEvents(path, [{ query: 'x'.repeat(100), called: ['a'] }]);
    const { events, issues } = await readFeedbackFile(path, { maxBytes: 50 });
    expect(events).toEqual([]);
    expect(issues.map((issue) => issue.code)).toEqual(['feedback-too-large']);
  });

  it('compacts to the newest events per tool within the age limit, dropping corrupt lines, then purges', async () => {
    const path = await store();
    const now = 1000 * DAY;
    await appendFeedbackEvents(path, [
      { query: 'too old', called: ['a'], at: now - 400 * DAY },
      { query: 'a1', called: ['a'], at: now - 3 * DAY },
      { query: 'a2', called: ['a'], at: now - 2 * DAY },
      { query: 'a3', called: ['a'], at: now - 1 * DAY },
      { query: 'b1', called: ['b'], at: now - 1 * DAY },
    ]);
    await writeFile(path, `${await readFile(path, 'utf8')}{broken\n`);
    const result = await compactFeedbackFile(path, { maxEventsPerTool: 2, maxAgeDays: 180, now });
    expect(result).toEqual({ kept: 3, dropped: 3 });
    expect((await readFeedbackFile(path)).events.map((event) => event.query)).toEqual(['a2', 'a3', 'b1']);
    await createFileFeedbackStore(path).purge();
    expect(await readFeedbackFile(path)).toEqual({ events: [], issues: [] });
    await createFileFeedbackStore(path).purge();
  });

  it('compacts by time, not by position: an old log imported after newer events stays old', async () => {
    const path = await store();
    const now = 30 * DAY;
    await appendFeedbackEvents(path, [20, 21, 22].map((day) => ({ query: `new ${day}`, called: ['write_file'], at: day * DAY })));
    await appendFeedbackEvents(path, [1, 2, 3].map((day) => ({ query: `old ${day}`, called: ['write_file'], at: day * DAY })));
    expect(await compactFeedbackFile(path, { maxEventsPerTool: 3, now })).toEqual({ kept: 3, dropped: 3 });
    expect((await readFeedbackFile(path)).events.map((event) => event.query)).toEqual(['new 20', 'new 21', 'new 22']);
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
      message: expect.stringMatching(/^cannot write .*below-a-file\.jsonl: E[A-Z]+$/),
    });
  });
});

