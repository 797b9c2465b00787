import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// The reproductions of issue #34: a --store naming a catalog appended to it, purged it, or truncated it.
let dir: string;
const catalogText = `${JSON.stringify([{ name: 'write_file', description: 'Write a file to disk.' }, { name: 'read_file', description: 'Read a file from disk.' }], null, 2)}\n`;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadout-learn-refusals-'));
  await writeFile(join(dir, 'tools.json'), catalogText);
  await writeFile(join(dir, 'ev.jsonl'), `${JSON.stringify({ query: 'save my notes', called: 'write_file', at: '2026-11-30T10:00:00Z' })}\n`);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadout learn with a --store that is not a feedback store', () => {
  it.each([
    ['imports into', ['learn', 'ev.jsonl', '--catalog', 'tools.json', '--store', 'tools.json']],
    ['purges', ['learn', '--purge', '--store', 'tools.json']],
    ['compacts', ['learn', '--compact', '--store', 'tools.json']],
  ])('never %s it: exit 2, feedback-store-invalid naming it, the file and folder untouched', async (_, argv) => {
    const run = fakeContext({ cwd: dir });
    expect(await runCli(argv, run.context)).toBe(2);
    expect(run.stderr()).toContain(`${join(dir, 'tools.json')} is not a feedback store`);
    expect(run.stderr()).toContain('[feedback-store-invalid]');
    expect(run.stderr()).not.toContain('Write a file');
    expect(await readFile(join(dir, 'tools.json'), 'utf8')).toBe(catalogText);
    expect((await readdir(dir)).sort()).toEqual(['ev.jsonl', 'tools.json']);
  });
});

describe('loadout learn --purge and --compact with anything else', () => {
  it.each([
    [['learn', 'ev.jsonl', '--purge'], '--purge takes only --store PATH, not "ev.jsonl"'],
    [['learn', '--compact', '--purge'], '--purge takes only --store PATH, not --compact'],
    [['learn', '--purge', '--catalog', 'tools.json'], '--purge takes only --store PATH, not --catalog'],
    [['learn', '--compact', '--ranker', 'bm25f'], '--compact takes only --store PATH, not --ranker'],
    [['learn', '--purge', '--store', ''], '--store needs a path'],
  ])('%j is refused before touching the store: exit 2, invalid-option', async (argv, message) => {
    const store = join(dir, '.loadout', 'feedback.jsonl');
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'ev.jsonl', '--catalog', 'tools.json'], run.context)).toBe(0);
    const before = await readFile(store, 'utf8');
    const refused = fakeContext({ cwd: dir });
    expect(await runCli(argv, refused.context)).toBe(2);
    expect(refused.stderr()).toContain(message);
    expect(refused.stderr()).toMatch(/\[invalid-option\]\n$/);
    expect(await readFile(store, 'utf8')).toBe(before);
  });
});

describe('two feedback stores in one folder', () => {
  it('a store never replaces, applies or purges the decision learned for the other', async () => {
    const learnA = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'ev.jsonl', '--catalog', 'tools.json', '--store', 'a.jsonl'], learnA.context)).toBe(0);
    const decision = await readFile(join(dir, 'learned.json'));
    const learnB = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'ev.jsonl', '--catalog', 'tools.json', '--store', 'b.jsonl'], learnB.context)).toBe(2);
    expect(learnB.stderr()).toMatch(/learned\.json is the decision of a\.jsonl, another store in this folder; nothing was imported: .*\[file-overwrite-refused\]\n$/);
    expect((await readdir(dir)).sort()).toEqual(['a.jsonl', 'ev.jsonl', 'learned.json', 'tools.json']);
    await writeFile(join(dir, 'b.jsonl'), await readFile(join(dir, 'a.jsonl')));
    const search = fakeContext({ cwd: dir });
    expect(await runCli(['search', 'save my notes', '--catalog', 'tools.json', '--feedback', 'b.jsonl'], search.context)).toBe(0);
    expect(search.stderr()).toMatch(/warning: .*learned\.json is the decision of a\.jsonl, another store in this folder, not of b\.jsonl; .* searching without usage \[learned-decision-invalid\]/);
    const purge = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--purge', '--store', 'b.jsonl'], purge.context)).toBe(0);
    expect(purge.stdout()).toBe(`deleted ${join(dir, 'b.jsonl')}; ${join(dir, 'learned.json')} is kept: it is not this store's decision\n`);
    expect(await readFile(join(dir, 'learned.json'))).toEqual(decision);
  });
});

describe('a learned.json that loadout did not write', () => {
  it('is never replaced or purged: learn refuses before importing, purge keeps it', async () => {
    const mine = '{"model": "my precious weights"}\n';
    await writeFile(join(dir, 'learned.json'), mine);
    const learn = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'ev.jsonl', '--catalog', 'tools.json', '--store', 'feedback.jsonl'], learn.context)).toBe(2);
    expect(learn.stderr()).toMatch(/learned\.json exists and is not a decision loadout learn wrote; it was left unchanged: nothing was imported.*\[file-overwrite-refused\]\n$/);
    expect((await readdir(dir)).sort()).toEqual(['ev.jsonl', 'learned.json', 'tools.json']);
    await writeFile(join(dir, 'feedback.jsonl'), '');
    const purge = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--purge', '--store', 'feedback.jsonl'], purge.context)).toBe(0);
    expect(purge.stdout()).toBe(`deleted ${join(dir, 'feedback.jsonl')}; ${join(dir, 'learned.json')} is kept: it is not this store's decision\n`);
    expect(await readFile(join(dir, 'learned.json'), 'utf8')).toBe(mine);
  });
});
