import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// What loadout learn says of its store and decision: counts of events (grouped), a decision that does not exist, a folder that is a file.
let dir: string;
const store = (): string => join(dir, '.loadout', 'feedback.jsonl');
const decision = (): string => join(dir, '.loadout', 'learned.json');
const hint = 'pass --catalog with the catalog they came from (for loadout serve --record: loadout catalog pull --config FILE --out tools.json)';
// The store's lines are usage events and nothing else, as outside checks write them.
const writeStore = async (lines: readonly string[]): Promise<void> => {
  await mkdir(join(dir, '.loadout'), { recursive: true });
  await writeFile(store(), `${lines.join('\n')}\n`);
};
const event = (query: string, called: readonly string[], at = '2026-11-30T10:00:00.000Z'): string => JSON.stringify({ query, called, at });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadout-learn-messages-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadout learn messages', () => {
  it('counts the events that name tools the catalog lacks, not their tool names, and says there is no decision when none exists', async () => {
    // 3 events naming 7 tools the embedded demo catalog does not have.
    await writeStore([event('one', ['gone_a', 'gone_b', 'gone_c']), event('two', ['gone_a', 'gone_b']), event('three', ['gone_a', 'gone_b'])]);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn'], run.context)).toBe(2);
    expect(run.stderr()).toBe(`loadout learn: nothing to learn from: all 3 events in ${store()} name tools not in the embedded demo catalog; ${hint}; there is no decision yet (no ${decision()}) [feedback-empty]\n`);
  });

  it('says one event in the singular', async () => {
    await writeStore([event('one', ['gone_a', 'gone_b'])]);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn'], run.context)).toBe(2);
    expect(run.stderr()).toBe(`loadout learn: nothing to learn from: the 1 event in ${store()} names tools not in the embedded demo catalog; ${hint}; there is no decision yet (no ${decision()}) [feedback-empty]\n`);
  });

  it('tells events left out from events kept without the names the catalog lacks', async () => {
    await writeFile(join(dir, 'tools.json'), JSON.stringify([{ name: 'write_file', server: 'fs', description: 'Write text to disk' }]));
    const saves = ['save my notes', 'write the report to disk', 'store this text in a file', 'save it as markdown', 'write a file'];
    await writeStore([...saves.map((query, index) => event(query, ['write_file'], `2026-11-2${index}T10:00:00.000Z`)), event('gone', ['gone_a', 'gone_b']), event('gone too', ['gone_a']), event('partly', ['write_file', 'gone_a', 'gone_b'])]);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--catalog', 'tools.json'], run.context)).toBe(0);
    expect(run.stderr()).toContain(
      `loadout learn: 2 stored events name tools not in tools.json and were left out; 1 stored event names some tools not in tools.json: those names were dropped, the event kept [feedback-unknown-tool]; ${hint}\n`,
    );
  });

  it('groups the counts compaction prints, and says there is no decision when none exists', async () => {
    await writeStore(Array.from({ length: 1_234 }, (_, index) => event(`old ${index}`, ['write_file'], '2020-01-01T00:00:00.000Z')));
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--compact'], run.context)).toBe(0);
    expect(run.stdout()).toBe(`compacted ${store()}: kept 0 events, dropped 1,234; there is no decision yet (no ${decision()})\n`);
    // Compaction keeps the store's line format: events only.
    await writeStore([event('save my notes', ['write_file'])]);
    expect(await runCli(['learn', '--compact'], fakeContext({ cwd: dir }).context)).toBe(0);
    expect(await readFile(store(), 'utf8')).toBe(`${event('save my notes', ['write_file'])}\n`);
  });

  it("names the path when the store's folder .loadout is a file: a coded error, the file untouched, and purge has nothing to delete", async () => {
    await writeFile(join(dir, '.loadout'), 'mine\n');
    await writeFile(join(dir, 'ev.jsonl'), `${JSON.stringify({ query: 'save my notes', called: 'Write', at: '2026-11-30T10:00:00Z' })}\n`);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'ev.jsonl'], run.context)).toBe(2);
    expect(run.stderr()).toBe(`loadout learn: cannot write ${store()}: ENOTDIR (${join(dir, '.loadout')}, or a folder above it, is a file: move it, or name another path for the store) [file-unwritable]\n`);
    const purge = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--purge'], purge.context)).toBe(0);
    expect(purge.stdout()).toBe(`nothing to delete: neither ${store()} nor its decision exists\n`);
    expect((await readdir(dir)).sort()).toEqual(['.loadout', 'ev.jsonl']);
    expect(await readFile(join(dir, '.loadout'), 'utf8')).toBe('mine\n');
  });

  it('says a --store that is a folder is one (file-unreadable, naming the file to give), not another store\'s decision or a store without events', async () => {
    await writeFile(join(dir, 'ev.jsonl'), `${JSON.stringify({ query: 'save my notes', called: 'Write', at: '2026-11-30T10:00:00Z' })}\n`);
    // learned.json beside the folder is the decision of events.jsonl.
    expect(await runCli(['learn', 'ev.jsonl', '--store', 'events.jsonl'], fakeContext({ cwd: dir }).context)).toBe(0);
    await mkdir(join(dir, '.loadout'));
    const files = (await readdir(dir)).sort();
    for (const argv of [['learn', 'ev.jsonl', '--store', '.loadout/'], ['learn', '--purge', '--store', '.loadout/'], ['learn', '--compact', '--store', '.loadout/']]) {
      const run = fakeContext({ cwd: dir });
      expect(await runCli(argv, run.context)).toBe(2);
      expect(run.stderr()).toBe(`loadout learn: cannot read ${join(dir, '.loadout')}: it is a folder, not a file; name the store in it (--store .loadout/feedback.jsonl) [file-unreadable]\n`);
    }
    expect((await readdir(dir)).sort()).toEqual(files);
    expect(await readdir(join(dir, '.loadout'))).toEqual([]);
  });

  it('--compact names the corrupt lines it drops (the first five)', async () => {
    const lines = [event('one', ['write_file']), 'garbage', event('two', ['write_file']), ...Array.from({ length: 6 }, (_, index) => `{"cut ${index}`), event('three', ['write_file'])];
    await writeStore(lines);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--compact'], run.context)).toBe(0);
    expect(run.stdout()).toBe(`compacted ${store()}: kept 3 events, dropped 7 (7 corrupt lines: lines 2, 4, 5, 6, 7, …); there is no decision yet (no ${decision()})\n`);
    await writeStore([event('one', ['write_file']), 'garbage', event('two', ['write_file'])]);
    const one = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--compact'], one.context)).toBe(0);
    expect(one.stdout()).toContain('dropped 1 (1 corrupt line: line 2);');
  });

  it('refuses a FILE that is not UTF-8 text as eval does (file-not-text, exit 2, nothing imported); a store that is not text stays an issue', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${event('save my notes', ['write_file'])}\n`, 'utf16le')]);
    await writeFile(join(dir, 'events16.jsonl'), utf16);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events16.jsonl'], run.context)).toBe(2);
    expect(run.stderr()).toBe(
      `loadout learn: events16.jsonl is not a UTF-8 text file: it is UTF-16 LE text; save it as UTF-8 (for example: iconv -f UTF-16LE -t UTF-8); nothing was imported and there is no decision yet (no ${decision()}) [file-not-text]\n`,
    );
    expect(run.stdout()).toBe('');
    await expect(readdir(dir)).resolves.toEqual(['events16.jsonl']);
    // The store's own handling is unchanged: its whole file is one skipped line.
    await mkdir(join(dir, '.loadout'));
    await writeFile(store(), utf16);
    const stored = fakeContext({ cwd: dir });
    expect(await runCli(['learn'], stored.context)).toBe(2);
    expect(stored.stderr()).toContain('the file is not a UTF-8 text file: it is UTF-16 LE text');
    expect(stored.stderr()).toContain('[feedback-invalid-line]');
  });
});

