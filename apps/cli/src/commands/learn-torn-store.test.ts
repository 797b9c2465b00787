import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// A store whose last append was cut short mid-character (a crash, a full disk while serve --record wrote "請求書…").
let dir: string;
const store = (): string => join(dir, '.loadout', 'feedback.jsonl');
const event = (query: string, called: string, day: number): string => JSON.stringify({ query, called: [called], at: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z` });
const stored = [event('請求書を送る', 'write_file', 1), event('is it raining', 'get_weather', 2), event('save my notes', 'write_file', 3)];
const torn = Buffer.concat([Buffer.from(`${stored.join('\n')}\n{"query":"`), Buffer.from('請').subarray(0, 2)]);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadout-learn-torn-'));
  await writeFile(join(dir, 'tools.json'), JSON.stringify([{ name: 'write_file', server: 'fs', description: 'Write text to disk' }, { name: 'get_weather', server: 'weather', description: 'Weather for a city' }]));
  await mkdir(join(dir, '.loadout'));
  await writeFile(store(), torn);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a store with a record cut mid-character', () => {
  it('is read without that one line, named by its number: learn keeps every other event, imports once, and compaction keeps them', async () => {
    await writeFile(join(dir, 'events.jsonl'), `${[event('forecast for lisbon', 'get_weather', 4), event('write it down', 'write_file', 5)].join('\n')}\n`);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'tools.json', '--json'], run.context)).toBe(0);
    const output = JSON.parse(run.stdout()) as { imported: number; storeIssues: { code: string; line: number; message: string }[]; report: { trainEvents: number; heldOutEvents: number } };
    expect(output.imported).toBe(2);
    expect(output.storeIssues).toEqual([{ code: 'feedback-invalid-line', line: 4, message: 'line 4: not valid UTF-8 (a record cut short mid-character, or another encoding)' }]);
    expect(output.report.trainEvents + output.report.heldOutEvents).toBe(5);
    expect(run.stderr()).toContain('line 4: not valid UTF-8');
    // Importing the same log again finds its events in the store.
    const again = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'tools.json', '--json'], again.context)).toBe(0);
    expect(JSON.parse(again.stdout())).toMatchObject({ imported: 0, alreadyStored: 2 });
    const compact = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--compact'], compact.context)).toBe(0);
    expect(compact.stdout()).toMatch(/^compacted .*: kept 5 events, dropped 1 \(1 corrupt line: line 4\);/);
    const lines = (await readFile(store(), 'utf8')).trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(stored);
    expect(lines).toHaveLength(5);
  });

  it('a store that is not text at all (NUL bytes) is never compacted: file-not-text, the file as it was', async () => {
    const zeroed = Buffer.concat([Buffer.from(`${stored.join('\n')}\n`), new Uint8Array(32)]);
    await writeFile(store(), zeroed);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--compact'], run.context)).toBe(2);
    expect(run.stderr()).toBe(`loadout learn: cannot compact ${store()}: the file is not a UTF-8 text file: it holds binary data (NUL bytes); it was left as it is [file-not-text]\n`);
    expect(await readFile(store())).toEqual(zeroed);
  });
});
