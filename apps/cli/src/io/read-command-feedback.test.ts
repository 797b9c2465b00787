import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { makeTool } from '@loadout/core/test';
import { createCatalog } from '@loadout/core';
import { readCommandFeedback } from './read-command-feedback.js';

describe('readCommandFeedback', () => {
  const line = (query: string, day: number, called = 'write_file') => JSON.stringify({ query, called, at: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z` });

  it("reads a store oldest first by time, equal times in the file's order; a file of events as written", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-read-feedback-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'feedback.jsonl');
    await writeFile(path, `${[line('c', 3), line('a', 1), line('b1', 2), line('b2', 2)].join('\n')}\n`);
    const store = await readCommandFeedback(path, undefined, { kind: 'store', store: path });
    expect(store.events.map((event) => event.query)).toEqual(['a', 'b1', 'b2', 'c']);
    const events = await readCommandFeedback(path, undefined, { kind: 'events' });
    expect(events.events.map((event) => event.query)).toEqual(['c', 'a', 'b1', 'b2']);
  });

  it('keeps events naming any tool without a catalog, and skips unknown tools with one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-read-feedback-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'feedback.jsonl');
    await writeFile(path, `${[line('save', 1), line('ghost', 2, 'mcp__nowhere__tool')].join('\n')}\n`);
    expect((await readCommandFeedback(path, undefined, { kind: 'store', store: path })).events).toHaveLength(2);
    const { tools } = createCatalog([makeTool({ name: 'write_file', server: null })]);
    const known = await readCommandFeedback(path, tools, { kind: 'store', store: path });
    expect(known.events.map((event) => event.query)).toEqual(['save']);
    expect(known.issues.map((issue) => issue.code)).toEqual(['feedback-unknown-tool']);
  });

  it('skips a bare name that several servers share (it names none of them), saying which to write', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-read-feedback-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'feedback.jsonl');
    await writeFile(path, `${[line('find', 1, 'search_issues'), line('find on github', 2, 'mcp__github__search_issues'), line('run', 3, 'Bash')].join('\n')}\n`);
    const { tools } = createCatalog([
      makeTool({ name: 'search_issues', server: 'github' }),
      makeTool({ name: 'search_issues', server: 'jira' }),
      makeTool({ name: 'Bash', server: null }),
      makeTool({ name: 'Bash', server: 'box' }),
    ]);
    const read = await readCommandFeedback(path, tools, { kind: 'events' });
    expect(read.events.map((event) => event.query)).toEqual(['find on github', 'run']);
    expect(read.issues).toEqual([
      {
        code: 'feedback-ambiguous-tool',
        line: 1,
        message: 'line 1: "search_issues" is a tool of 2 servers; name one as "mcp__github__search_issues" or "mcp__jira__search_issues"',
        candidates: ['mcp__github__search_issues', 'mcp__jira__search_issues'],
      },
    ]);
    // A name of one tool is read as its display name: the core Bash is "Bash", the box server's only by its full name.
    expect(read.events.map((event) => event.called)).toEqual([['mcp__github__search_issues'], ['Bash']]);
  });

  it("reads a tool's bare name as its full name, so a store outlives a catalog that gains a second tool of that name", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-read-feedback-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'events.jsonl');
    await writeFile(path, `${[line('bill acme', 1, 'create_invoice'), line('bill acme', 1, 'mcp__stripe__create_invoice')].join('\n')}\n`);
    const { tools } = createCatalog([makeTool({ name: 'create_invoice', server: 'stripe' }), makeTool({ name: 'create_issue', server: 'github' })]);
    const read = await readCommandFeedback(path, tools, { kind: 'events' });
    expect(read).toEqual({ events: [1, 2].map(() => ({ query: 'bill acme', called: ['mcp__stripe__create_invoice'], at: Date.UTC(2026, 10, 1, 10) })), issues: [] });
  });
});
