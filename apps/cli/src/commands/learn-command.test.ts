import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { openLearnedDecision, sealLearnedDecision } from '@loadout/learn';
import type { LearnedDecision } from '@loadout/learn';

/** The decision in `path` (sealed), or a test failure. */
async function decisionIn(path: string): Promise<LearnedDecision> {
  const read = openLearnedDecision(await readFile(path));
  if (read.kind !== 'decided') throw new Error(`${path}: ${read.kind}`);
  return read.decision;
}

const tiny = fileURLToPath(new URL('../../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));
const files = ['--tools', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`];

// 36 events: learning judges on held-out folds of at least 7, a fifth of the events each.
const things = ['summary', 'notes', 'list', 'answer', 'log', 'plan', 'draft', 'letter', 'table', 'chart', 'quote', 'poem', 'essay', 'memo', 'idea', 'outline', 'agenda', 'invoice'];
const saves = [...things.map((thing) => `keep the ${thing} for later`), ...things.map((thing) => `keep my ${thing} for later`)];

/** A scratch folder removed when the test finishes. */
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loadout-learn-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('loadout eval --feedback', () => {
  it('learns from the feedback lines first and reports the held-out comparison in JSON', async () => {
    const dir = await folder();
    const feedback = join(dir, 'feedback.jsonl');
    const lines = saves.map((query) => JSON.stringify({ query, relevant: ['desktop::write_file'] }));
    await writeFile(feedback, `${lines.join('\n')}\n{not json\n${JSON.stringify({ query: 'x', relevant: ['ghost'] })}\n`);
    const run = fakeContext();
    expect(await runCli(['eval', ...files, '--feedback', feedback, '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as { learning: { enabled: boolean; baseline: object; learned: object; feedbackEvents: number; skippedLines: number } };
    expect(result.learning.feedbackEvents).toBe(36);
    // {not json, and the line whose only tool is not in the catalog.
    expect(result.learning.skippedLines).toBe(2);
    expect(result.learning.enabled).toBe(true);
    expect(run.stderr()).toContain('[feedback-invalid-line]');
    expect(run.stderr()).toContain('[feedback-unknown-tool]');
    expect(run.stderr()).not.toContain('not json');
  });

  it('names a --feedback file that does not exist or is a folder, instead of evaluating without it', async () => {
    const dir = await folder();
    const missing = fakeContext({ cwd: dir });
    expect(await runCli(['eval', ...files, '--feedback', 'nope.jsonl'], missing.context)).toBe(2);
    expect(missing.stderr()).toMatch(/^loadout eval: no such file: nope\.jsonl \[file-not-found\]\n$/);
    const folderArgument = fakeContext({ cwd: dir });
    expect(await runCli(['eval', ...files, '--feedback', dir], folderArgument.context)).toBe(2);
    expect(folderArgument.stderr()).toContain('[file-unreadable]');
  });

  it('refuses --feedback with another ranker', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', ...files, '--feedback', 'f.jsonl', '--ranker', 'wink-bm25'], run.context)).toBe(2);
    expect(run.stderr()).toContain('[invalid-option]');
  });
});

describe('loadout learn', () => {
  it('imports events into the store, prints the comparison, writes the decision, compacts and purges', async () => {
    const dir = await folder();
    const events = join(dir, 'events.jsonl');
    await writeFile(events, `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n{broken\n`);
    const catalog = join(dir, 'catalog.json');
    await writeFile(
      catalog,
      JSON.stringify([
        { name: 'write_file', server: 'fs', description: 'Write text to disk' },
        { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
        { name: 'put_item', server: 'db', description: 'Put an item in a table' },
      ]),
    );
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', events, '--catalog', catalog], run.context)).toBe(0);
    expect(run.stdout()).toContain('imported 36 events');
    expect(run.stdout()).toMatch(/default \(bm25f without usage\)\s+\d/);
    expect(run.stdout()).toContain('learned ranking ON');
    // One recipe: the usage field, then the shipped model warm-started on the events as the re-ranker.
    expect(run.stdout()).toMatch(/learned \(usage field\)\s+\d/);
    expect(run.stdout()).toMatch(/learned \(usage field \+ re-ranker\)\s+\d/);
    // The file's events have no "at": they share the import's time, so line order is not read as time.
    expect(run.stdout()).toMatch(/held-out comparison on \d+ of 36 events, seeded random folds \(seed 29\)/);
    expect(run.stderr()).toContain('line 37: not valid JSON [feedback-invalid-line]');
    const store = join(dir, '.loadout', 'feedback.jsonl');
    expect((await readFile(store, 'utf8')).trim().split('\n')).toHaveLength(36);
    const decision = await decisionIn(join(dir, '.loadout', 'learned.json'));
    expect(decision.enabled).toBe(true);
    const compact = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--compact'], compact.context)).toBe(0);
    expect(compact.stdout()).toContain('kept 36 events');
    const purge = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--purge'], purge.context)).toBe(0);
    expect(existsSync(store)).toBe(false);
    expect(existsSync(join(dir, '.loadout', 'learned.json'))).toBe(false);
  });

  it('imports a log again (or a log that grew) without storing its events twice, with or without times', async () => {
    const dir = await folder();
    const catalog = join(dir, 'catalog.json');
    await writeFile(catalog, JSON.stringify([{ name: 'write_file', server: 'fs', description: 'Write text to disk' }, { name: 'get_weather', server: 'weather', description: 'Weather for a city' }]));
    const timed = (day: number, query: string, called: string) => JSON.stringify({ query, called, at: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z` });
    const events = join(dir, 'events.jsonl');
    const first = [timed(1, 'save my notes', 'write_file'), timed(2, 'is it raining', 'get_weather'), timed(3, 'store this text', 'write_file')];
    await writeFile(events, `${first.join('\n')}\n`);
    expect(await runCli(['learn', events, '--catalog', catalog], fakeContext({ cwd: dir }).context)).toBe(0);
    // The log grew by one timed event and one without a time; the same query at another time is another event.
    await writeFile(events, `${[...first, timed(4, 'save my notes', 'write_file'), JSON.stringify({ query: 'forecast', called: 'get_weather' })].join('\n')}\n`);
    const again = fakeContext({ cwd: dir });
    expect(await runCli(['learn', events, '--catalog', catalog, '--json'], again.context)).toBe(0);
    const output = JSON.parse(again.stdout()) as { imported: number; alreadyStored: number };
    expect({ imported: output.imported, alreadyStored: output.alreadyStored }).toEqual({ imported: 2, alreadyStored: 3 });
    const stored = (await readFile(join(dir, '.loadout', 'feedback.jsonl'), 'utf8')).trim().split('\n');
    expect(stored).toHaveLength(5);
    const text = fakeContext({ cwd: dir });
    expect(await runCli(['learn', events, '--catalog', catalog], text.context)).toBe(0);
    // The untimed event was stored with the import's time: the store holds its query and tools, so it is not added again.
    expect(text.stdout()).toContain(`imported 0 events from ${events}`);
    expect(text.stdout()).toContain('5 already stored); 5 events stored');
    // The same query and tools twice in a file, once stored: one more is added.
    await writeFile(events, `${[JSON.stringify({ query: 'forecast', called: 'get_weather' }), JSON.stringify({ query: 'forecast', called: 'get_weather' })].join('\n')}\n`);
    const twice = fakeContext({ cwd: dir });
    expect(await runCli(['learn', events, '--catalog', catalog, '--json'], twice.context)).toBe(0);
    expect(JSON.parse(twice.stdout())).toMatchObject({ imported: 1, alreadyStored: 1 });
    // A time in fractional ms is stored in whole ms, and still recognised when imported again.
    const fractional = join(dir, 'fractional.jsonl');
    await writeFile(fractional, `${JSON.stringify({ query: 'weather in lisbon', called: 'get_weather', at: 1_764_583_200_000.5 })}\n`);
    for (const expected of [{ imported: 1, alreadyStored: 0 }, { imported: 0, alreadyStored: 1 }]) {
      const run = fakeContext({ cwd: dir });
      expect(await runCli(['learn', fractional, '--catalog', catalog, '--json'], run.context)).toBe(0);
      const result = JSON.parse(run.stdout()) as { imported: number; alreadyStored: number };
      expect({ imported: result.imported, alreadyStored: result.alreadyStored }).toEqual(expected);
    }
  });

  it('never counts recorded events (or events with their own times) as a log without times already imported', async () => {
    const dir = await folder();
    const catalog = join(dir, 'catalog.json');
    await writeFile(catalog, JSON.stringify([{ name: 'write_file', server: 'fs', description: 'Write text to disk' }, { name: 'get_weather', server: 'weather', description: 'Weather for a city' }]));
    const store = join(dir, '.loadout', 'feedback.jsonl');
    const asked = [['save my notes', 'write_file'], ['is it raining', 'get_weather'], ['store this text', 'write_file']] as const;
    // As loadout serve --record appends them: each at its own time.
    const recorded = asked.map(([query, called], index) => JSON.stringify({ query, called: [called], at: new Date(Date.UTC(2026, 10, 30, 10, index, 0, 123)).toISOString() }));
    await mkdir(join(dir, '.loadout'), { recursive: true });
    await writeFile(store, `${recorded.join('\n')}\n`);
    const untimed = join(dir, 'untimed.jsonl');
    await writeFile(untimed, `${asked.map(([query, called]) => JSON.stringify({ query, called })).join('\n')}\n`);
    for (const expected of [{ imported: 3, alreadyStored: 0 }, { imported: 0, alreadyStored: 3 }]) {
      const run = fakeContext({ cwd: dir });
      expect(await runCli(['learn', untimed, '--catalog', catalog, '--json'], run.context)).toBe(0);
      expect(JSON.parse(run.stdout())).toMatchObject(expected);
    }
    const stored = (await readFile(store, 'utf8')).trim().split('\n');
    expect(stored.slice(0, 3)).toEqual(recorded);
    // The three imported share the import's one time, in its last millisecond: what marks them as imported without a time.
    const times = new Set(stored.slice(3).map((line) => (JSON.parse(line) as { at: string }).at));
    expect([...times]).toEqual([expect.stringMatching(/\.999Z$/)]);
  });

  it('with no FILE, learns from the store as it stands (as loadout serve --record appends it), and leaves it as it was', async () => {
    const dir = await folder();
    const catalog = join(dir, 'catalog.json');
    await writeFile(catalog, JSON.stringify([{ name: 'write_file', server: 'fs', description: 'Write text to disk' }, { name: 'keep_alive', server: 'net', description: 'Keep a connection open' }]));
    const store = join(dir, '.loadout', 'feedback.jsonl');
    // Appended out of time order (an old log imported late): read oldest first (see read-command-feedback.test.ts).
    const lines = saves.map((query, index) => JSON.stringify({ query, called: ['write_file'], at: new Date(Date.UTC(2026, 10, 20 - index)).toISOString() }));
    await mkdir(join(dir, '.loadout'), { recursive: true });
    await writeFile(store, `${lines.join('\n')}\n`);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--catalog', catalog, '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as { imported: number; storeIssues: unknown[]; report: { enabled: boolean; events: number } };
    expect(result.imported).toBe(0);
    expect(result.storeIssues).toEqual([]);
    expect(result.report.enabled).toBe(true);
    // The store's own skipped lines are in --json too (numbered in the store), not only on stderr.
    await writeFile(store, `${lines.join('\n')}\nnot json\n{"query": "keep it", "called": ["nowhere"]}\n`);
    const issues = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--catalog', catalog, '--json'], issues.context)).toBe(0);
    expect((JSON.parse(issues.stdout()) as { storeIssues: unknown[] }).storeIssues).toEqual([
      { code: 'feedback-invalid-line', line: 37, message: expect.any(String) },
      { code: 'feedback-unknown-tool', line: 38, message: expect.stringContaining('nowhere') },
    ]);
    await writeFile(store, `${lines.join('\n')}\n`);
    const text = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--catalog', catalog], text.context)).toBe(0);
    expect(text.stdout()).toContain(`learning from the 36 events stored in ${store}`);
    expect((await readFile(store, 'utf8')).trim().split('\n')).toEqual(lines);
    // Against a catalog without those tools (the embedded demo catalog), it says so instead of "no usable events".
    const stranger = fakeContext({ cwd: dir });
    expect(await runCli(['learn'], stranger.context)).toBe(2);
    expect(stranger.stderr()).toContain('all 36 events in');
    expect(stranger.stderr()).toContain('name tools not in the embedded demo catalog; pass --catalog');
    expect(stranger.stderr()).toContain('[feedback-empty]');
    await writeFile(store, `${[...lines, JSON.stringify({ query: 'ghost', called: ['mcp__gone__tool'], at: '2026-11-21T00:00:00Z' })].join('\n')}\n`);
    const partly = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--catalog', catalog], partly.context)).toBe(0);
    expect(partly.stderr()).toContain(`1 stored event names tools not in ${catalog} and was left out [feedback-unknown-tool]`);
  });

  it('reports a missing file and a missing argument with codes', async () => {
    const dir = await folder();
    const missing = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'nope.jsonl'], missing.context)).toBe(2);
    expect(missing.stderr()).toContain('[file-not-found]');
    const none = fakeContext({ cwd: dir });
    // No FILE learns from the store as it stands: with no store there is nothing to learn from.
    expect(await runCli(['learn'], none.context)).toBe(2);
    expect(none.stderr()).toContain('the store');
    expect(none.stderr()).toContain('does not exist');
    expect(none.stderr()).toContain('[feedback-empty]');
    const two = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'a.jsonl', 'b.jsonl'], two.context)).toBe(2);
    expect(two.stderr()).toContain('[invalid-option]');
  });

  it('takes --max-tools as search does: refuses a catalog over the limit with catalog-too-large, accepts it when raised', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'events.jsonl'), `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n`);
    const tools = [
      { name: 'write_file', server: 'fs', description: 'Write text to disk' },
      { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
      { name: 'put_item', server: 'db', description: 'Put an item in a table' },
    ];
    await writeFile(join(dir, 'catalog.json'), JSON.stringify(tools));
    const refused = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'catalog.json', '--max-tools', '2'], refused.context)).toBe(2);
    expect(refused.stderr()).toContain('[catalog-too-large]');
    expect(refused.stderr()).toContain('--max-tools N');
    expect(existsSync(join(dir, '.loadout', 'feedback.jsonl'))).toBe(false);
    const accepted = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'catalog.json', '--max-tools', '3'], accepted.context)).toBe(0);
    expect(accepted.stdout()).toContain('imported 36 events');
    const bad = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'catalog.json', '--max-tools', 'lots'], bad.context)).toBe(2);
    expect(bad.stderr()).toContain('[invalid-option]');
    const help = fakeContext();
    expect(await runCli(['learn', '--help'], help.context)).toBe(0);
    expect(help.stdout()).toContain('--max-tools N');
    // The held-out events as learnFromFeedback takes them: 3 folds of a fifth each, at least 7 and at most 300 events a fold.
    const words = help.stdout().replace(/\s+/g, ' ');
    expect(words).toContain('three folds of a fifth of the events each, at least 7 and at most 300 events a fold (so it needs at least 35 events, and of 60,000 events, 900 are held out)');
    expect(words).not.toContain('fifths');
  });

  it('says which catalog tools it skipped, as search does', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'events.jsonl'), `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n`);
    const tool = { name: 'write_file', server: 'fs', description: 'Write text to disk' };
    await writeFile(join(dir, 'catalog.json'), JSON.stringify([tool, tool]));
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'catalog.json'], run.context)).toBe(0);
    expect(run.stderr()).toMatch(/^loadout learn: warning: .*\[catalog-duplicate-name\]$/m);
    const json = fakeContext({ cwd: dir });
    expect(await runCli(['learn', '--catalog', 'catalog.json', '--json'], json.context)).toBe(0);
    const { catalogIssues } = JSON.parse(json.stdout()) as { catalogIssues: { code: string; message: string }[] };
    expect(catalogIssues).toEqual([{ code: 'catalog-duplicate-name', message: expect.stringContaining('duplicates the name') }]);
    const search = fakeContext({ cwd: dir });
    await runCli(['search', 'write', '--catalog', 'catalog.json'], search.context);
    expect(search.stderr()).toMatch(/\[catalog-duplicate-name\]/);
  });
});

describe('loadout search --feedback', () => {
  it('says when there is nothing to learn from (no store there, a folder, a store emptied) and searches without usage; --strict refuses', async () => {
    const dir = await folder();
    const catalog = join(dir, 'catalog.json');
    await writeFile(catalog, JSON.stringify([{ name: 'write_file', server: 'fs', description: 'Write text to disk' }, { name: 'keep_alive', server: 'net', description: 'Keep a connection open' }]));
    await writeFile(join(dir, 'events.jsonl'), `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n`);
    expect(await runCli(['learn', 'events.jsonl', '--catalog', catalog], fakeContext({ cwd: dir }).context)).toBe(0);
    const store = join(dir, '.loadout', 'feedback.jsonl');
    const cases: [string, string, string][] = [
      [join(dir, 'nope', 'feedback.jsonl'), 'file-not-found', `there is no feedback store at ${join(dir, 'nope', 'feedback.jsonl')}`],
      [join(dir, '.loadout'), 'file-unreadable', `${join(dir, '.loadout')} is a folder; --feedback names the store file`],
    ];
    for (const [path, code, message] of cases) {
      const run = fakeContext({ cwd: dir });
      expect(await runCli(['search', 'keep the recipe for later', '--catalog', catalog, '--feedback', path], run.context)).toBe(0);
      expect(run.stderr()).toContain(`warning: ${message}`);
      expect(run.stderr()).toContain(`searching without usage [${code}]`);
      expect(run.stdout()).not.toContain('+ learned');
      const strict = fakeContext({ cwd: dir });
      expect(await runCli(['search', 'keep the recipe for later', '--catalog', catalog, '--feedback', path, '--strict'], strict.context)).toBe(2);
      expect(strict.stderr()).toContain(`[${code}]`);
    }
    // The store emptied, its decision still on: nothing to apply.
    await writeFile(store, '');
    const emptied = fakeContext({ cwd: dir });
    expect(await runCli(['search', 'keep the recipe for later', '--catalog', catalog, '--feedback', store], emptied.context)).toBe(0);
    expect(emptied.stderr()).toContain('holds no usage event of this catalog\'s tools');
    expect(emptied.stderr()).toContain('[feedback-empty]');
    expect(emptied.stdout()).not.toContain('+ learned');
  });

  it('searches with what loadout learn switched on, shows the usage field in --explain, and falls back when off', async () => {
    const dir = await folder();
    const events = join(dir, 'events.jsonl');
    await writeFile(events, `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n`);
    const catalog = join(dir, 'catalog.json');
    await writeFile(
      catalog,
      JSON.stringify([
        { name: 'write_file', server: 'fs', description: 'Write text to disk' },
        { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
      ]),
    );
    expect(await runCli(['learn', events, '--catalog', catalog], fakeContext({ cwd: dir }).context)).toBe(0);
    const store = join(dir, '.loadout', 'feedback.jsonl');
    const learned = fakeContext({ cwd: dir });
    expect(await runCli(['search', 'keep the recipe for later', '--catalog', catalog, '--feedback', store, '--explain', '--json'], learned.context)).toBe(0);
    const result = JSON.parse(learned.stdout()) as { hits: { name: string; explanation: { fields: Record<string, number> } }[] };
    expect(result.hits[0]!.name).toBe('write_file');
    expect(result.hits[0]!.explanation.fields['usage']).toBeGreaterThan(0);
    const exact = fakeContext({ cwd: dir });
    expect(await runCli(['search', 'keep_alive', '--catalog', catalog, '--feedback', store, '--json'], exact.context)).toBe(0);
    expect((JSON.parse(exact.stdout()) as { hits: { name: string }[] }).hits[0]!.name).toBe('keep_alive');
    await writeFile(join(dir, '.loadout', 'learned.json'), '{corrupt');
    const off = fakeContext({ cwd: dir });
    expect(await runCli(['search', 'keep the recipe for later', '--catalog', catalog, '--feedback', store, '--json'], off.context)).toBe(0);
    expect(off.stderr()).toContain('searching without usage');
    expect((JSON.parse(off.stdout()) as { hits: { name: string }[] }).hits[0]!.name).toBe('keep_alive');
    // Whether a ranker learns is its definition's capability (capabilities.usage), not its name: regex has none.
    const pattern = fakeContext({ cwd: dir });
    expect(await runCli(['search', '^keep', '--catalog', catalog, '--feedback', store, '--ranker', 'regex', '--json'], pattern.context)).toBe(0);
    expect(pattern.stderr()).toContain('loadout search: warning: ranker "regex" does not learn from usage (its definition declares no capabilities.usage); searching without usage [invalid-option]');
    expect((JSON.parse(pattern.stdout()) as { hits: { name: string }[] }).hits.map((hit) => hit.name)).toEqual(['keep_alive']);
    const strict = fakeContext({ cwd: dir });
    expect(await runCli(['search', '^keep', '--catalog', catalog, '--feedback', store, '--ranker', 'regex', '--strict'], strict.context)).toBe(2);
    expect(strict.stderr()).toMatch(/--strict: 1 warning \(invalid-option\).*\[strict-failed\]/);
    expect(strict.stdout()).toBe('');
  });

  it('learns on any ranker whose definition accepts usage, through capabilities.usage', async () => {
    const dir = await folder();
    // The ranker runs in a worker thread (issue 34 item 5): it reports the usage weight it got through a file.
    const seen = join(dir, 'usage-seen');
    const usageSeen = (): number => (existsSync(seen) ? Number(readFileSync(seen, 'utf8')) : 0);
    await writeFile(join(dir, 'events.jsonl'), `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n`);
    // The module imports @loadout/rankers by name, linked as a workspace links it (a package is not pinned by trust, wherever it resolves).
    await mkdir(join(dir, 'node_modules', '@loadout'), { recursive: true });
    await symlink(fileURLToPath(new URL('../../../../packages/rankers', import.meta.url)), join(dir, 'node_modules', '@loadout', 'rankers'));
    await writeFile(join(dir, 'catalog.json'), JSON.stringify([{ name: 'write_file', server: 'fs', description: 'Write text to disk' }, { name: 'keep_alive', server: 'net', description: 'Keep a connection open' }]));
    await writeFile(
      join(dir, 'usage-ranker.mjs'),
      `import { writeFileSync } from 'node:fs';
import { bm25fDefinition } from '@loadout/rankers';
export default { ...bm25fDefinition, name: 'learner', capabilities: { usage: { withUsage: (options, usage) => { writeFileSync(${JSON.stringify(seen)}, String(usage.weight)); return bm25fDefinition.capabilities.usage.withUsage(options, usage); } } } };\n`,
    );
    await writeFile(join(dir, 'loadout.config.json'), JSON.stringify({ ranker: 'learner', rankers: { learner: './usage-ranker.mjs' } }));
    // The config names a ranker module: it runs code, so it loads once trusted (records kept in the test's folder).
    const env = { LOADOUT_CONFIG_HOME: join(dir, '.trust') };
    expect(await runCli(['trust'], fakeContext({ cwd: dir, env }).context)).toBe(0);
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'catalog.json'], fakeContext({ cwd: dir, env }).context)).toBe(0);
    // The plain usage field (no re-ranker) is the definition's to take; a usagePriorWeight written by an earlier version is ignored.
    await writeFile(join(dir, '.loadout', 'learned.json'), sealLearnedDecision({ enabled: true, usageWeight: 1, usagePriorWeight: 0.2 } as LearnedDecision));
    const run = fakeContext({ cwd: dir, env });
    expect(await runCli(['search', 'keep the recipe for later', '--catalog', 'catalog.json', '--feedback', join(dir, '.loadout', 'feedback.jsonl'), '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as { ranker: string; hits: { name: string }[] };
    expect(result.ranker).toBe('learner');
    expect(result.hits[0]!.name).toBe('write_file');
    expect(usageSeen()).toBeGreaterThan(0);
    expect(run.stderr()).not.toContain('warning');
    // A decision with a model the definition does not learn (no capabilities.usage.learns): the usage field alone, and a warning naming the ranker.
    const { LEXICAL_RERANK_MODEL } = await import('@loadout/learn');
    await writeFile(join(dir, '.loadout', 'learned.json'), sealLearnedDecision({ enabled: true, usageWeight: 1, model: LEXICAL_RERANK_MODEL }));
    const warned = fakeContext({ cwd: dir, env });
    expect(await runCli(['search', 'keep the recipe for later', '--catalog', 'catalog.json', '--feedback', join(dir, '.loadout', 'feedback.jsonl'), '--json'], warned.context)).toBe(0);
    expect(warned.stderr()).toContain('ranker "learner" cannot apply the learned re-ranking model');
    expect((JSON.parse(warned.stdout()) as { hits: { name: string }[] }).hits[0]!.name).toBe('write_file');
    // eval --feedback learns through the same definition, without trying a re-ranker.
    rmSync(seen, { force: true });
    await writeFile(join(dir, 'queries.jsonl'), `${JSON.stringify({ id: 'q', query: 'keep the recipe for later', relevant: ['write_file'] })}\n`);
    await writeFile(join(dir, 'tools.jsonl'), ['write_file', 'keep_alive'].map((name) => JSON.stringify({ name, description: name === 'write_file' ? 'Write text to disk' : 'Keep a connection open' })).join('\n'));
    const evaluated = fakeContext({ cwd: dir, env });
    expect(await runCli(['eval', '--tools', 'tools.jsonl', '--queries', 'queries.jsonl', '--feedback', 'events.jsonl', '--json'], evaluated.context)).toBe(0);
    const learning = (JSON.parse(evaluated.stdout()) as { learning: { learned: { usageWeight: number }; reranked?: unknown } }).learning;
    expect(usageSeen()).toBeGreaterThan(0);
    expect(learning.learned.usageWeight).toBe(1);
    expect(learning.reranked).toBeUndefined();
  });

  it('re-ranks with the model in the decision, explains each feature, and falls back to the usage field when the model is unreadable', async () => {
    const dir = await folder();
    const events = join(dir, 'events.jsonl');
    await writeFile(events, `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n`);
    const catalog = join(dir, 'catalog.json');
    await writeFile(
      catalog,
      JSON.stringify([
        { name: 'write_file', server: 'fs', description: 'Write text to disk' },
        { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
      ]),
    );
    const store = join(dir, '.loadout', 'feedback.jsonl');
    expect(await runCli(['learn', events, '--catalog', catalog, '--store', store], fakeContext({ cwd: dir }).context)).toBe(0);
    const decisionPath = join(dir, '.loadout', 'learned.json');
    const decision = await decisionIn(decisionPath);
    const { LEXICAL_RERANK_MODEL } = await import('@loadout/learn');
    await writeFile(decisionPath, sealLearnedDecision({ ...decision, enabled: true, model: LEXICAL_RERANK_MODEL }));
    const reranked = fakeContext({ cwd: dir });
    expect(await runCli(['search', 'keep the recipe for later', '--catalog', catalog, '--feedback', store, '--explain', '--json'], reranked.context)).toBe(0);
    const result = JSON.parse(reranked.stdout()) as { hits: { name: string; explanation: { components: Record<string, number>; notes: string[] } }[] };
    expect(Object.keys(result.hits[0]!.explanation.components).some((key) => key.startsWith('feature.'))).toBe(true);
    expect(result.hits[0]!.explanation.notes.join(' ')).toContain('re-ranked');
    await writeFile(decisionPath, sealLearnedDecision({ ...decision, enabled: true, model: { format: 'other' } }));
    const broken = fakeContext({ cwd: dir });
    expect(await runCli(['search', 'keep the recipe for later', '--catalog', catalog, '--feedback', store, '--json'], broken.context)).toBe(0);
    expect(broken.stderr()).toContain('re-ranking model');
    expect((JSON.parse(broken.stdout()) as { hits: { name: string }[] }).hits[0]!.name).toBe('write_file');
  });
});
