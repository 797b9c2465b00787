import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// What `loadout learn` does with feedback it cannot use (nothing usable, too large), and --max-feedback on every command that reads feedback.

const saves = ['keep the summary for later', 'keep my notes for later', 'keep the list for later', 'keep the answer for later', 'keep the log for later', 'keep the plan for later'];
const tools = [
  { name: 'write_file', server: 'fs', description: 'Write text to disk' },
  { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
];
const tiny = fileURLToPath(new URL('../../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loadout-learn-limits-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(tools));
  await writeFile(join(dir, 'events.jsonl'), `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n`);
  return dir;
}

/** Writes events.jsonl anew: the six saves, asked again in round `round` (so an import adds six events to the store). */
async function round(dir: string, round: number): Promise<void> {
  await writeFile(join(dir, 'events.jsonl'), `${saves.map((query) => JSON.stringify({ query: `${query} (${round})`, called: 'write_file' })).join('\n')}\n`);
}

async function cli(dir: string, argv: string[]) {
  const run = fakeContext({ cwd: dir });
  const code = await runCli(argv, run.context);
  expect(run.stderr() + run.stdout()).not.toMatch(/\n\s+at .+:\d+/);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('loadout learn with no usable events', () => {
  it.each([
    ['an empty file', '', /events\.jsonl has no usable events: it is empty; nothing was imported/],
    ['a file of broken lines', '{broken\nnot json\n', /events\.jsonl has no usable events: all 2 lines were skipped \(above\); nothing was imported/],
    ['events of tools the catalog lacks', `${JSON.stringify({ query: 'x', called: 'ghost_tool' })}\n`, /its one line was skipped/],
  ])('%s exits 2 with feedback-empty and leaves the store and the decision as they were', async (_, content, message) => {
    const dir = await folder();
    expect((await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json'])).code).toBe(0);
    const decisionPath = join(dir, '.loadout', 'learned.json');
    const store = join(dir, '.loadout', 'feedback.jsonl');
    const [decision, stored] = [await readFile(decisionPath, 'utf8'), await readFile(store, 'utf8')];
    await writeFile(join(dir, 'events.jsonl'), content);
    const run = await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/\[feedback-empty\]\n$/);
    expect(await readFile(decisionPath, 'utf8')).toBe(decision);
    expect(await readFile(store, 'utf8')).toBe(stored);
  });

  it('--json prints the error as JSON on stdout, as every JSON command does, and writes no decision', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'events.jsonl'), '');
    const run = await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json', '--json']);
    expect(run.code).toBe(2);
    const { error } = JSON.parse(run.stdout) as { error: { code: string; message: string; details: { skipped: number } } };
    expect(error.code).toBe('feedback-empty');
    expect(error.details.skipped).toBe(0);
    expect(existsSync(join(dir, '.loadout', 'learned.json'))).toBe(false);
  });

  it('a file with a few usable events still imports them and judges: too few is a verdict (exit 0), not an error', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'events.jsonl'), `${JSON.stringify({ query: saves[0], called: 'write_file' })}\n`);
    const run = await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json', '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { imported: number; report: { reason: string; enabled: boolean } };
    expect(result.imported).toBe(1);
    expect(result.report).toMatchObject({ reason: 'too-few-events', enabled: false });
  });
});

describe('--max-feedback', () => {
  it('learn: a FILE over the limit exits 2 with feedback-too-large saying what to do, and is read once the limit is raised', async () => {
    const dir = await folder();
    const padded = `${saves.map((query) => JSON.stringify({ query, called: 'write_file', note: 'x'.repeat(300) })).join('\n')}\n`;
    await writeFile(join(dir, 'events.jsonl'), padded);
    const refused = await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json', '--max-feedback', '1024']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is over the --max-feedback limit of 1024 bytes; split it into smaller files, or pass a larger --max-feedback BYTES');
    expect(refused.stderr).toMatch(/\[feedback-too-large\]\n$/);
    expect(refused.stderr).not.toContain('keep the');
    expect(existsSync(join(dir, '.loadout', 'feedback.jsonl'))).toBe(false);
    const accepted = await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json', '--max-feedback', '4096']);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain('imported 6 events');
  });

  it('learn: a store that grows over the limit keeps the last decision and says to compact it', async () => {
    const dir = await folder();
    // Six events make a store of about 0.55 KB; six more take it past 1 KB.
    expect((await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json'])).code).toBe(0);
    await round(dir, 1);
    const decisionPath = join(dir, '.loadout', 'learned.json');
    const decision = await readFile(decisionPath);
    const store = join(dir, '.loadout', 'feedback.jsonl');
    const refused = await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json', '--max-feedback', '1024']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`imported 6 events, but ${store} is over the --max-feedback limit of 1024 bytes; compact it (loadout learn --compact --store ${store})`);
    expect(refused.stderr).toMatch(/\[feedback-too-large\]\n$/);
    expect(await readFile(decisionPath)).toEqual(decision);
  });

  it('learn: a store already over the limit takes nothing more (it could not tell stored events apart) and says to compact it', async () => {
    const dir = await folder();
    for (let index = 0; index < 3; index++) {
      await round(dir, index);
      expect((await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json'])).code).toBe(0);
    }
    const store = join(dir, '.loadout', 'feedback.jsonl');
    const stored = await readFile(store, 'utf8');
    const refused = await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json', '--max-feedback', '1024']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`nothing was imported: ${store} is over the --max-feedback limit of 1024 bytes; compact it (loadout learn --compact --store ${store})`);
    expect(refused.stderr).toMatch(/\[feedback-too-large\]\n$/);
    expect(await readFile(store, 'utf8')).toBe(stored);
  });

  it('search --feedback: a store over the limit is reported and search runs without usage', async () => {
    const dir = await folder();
    // Six rounds of six: enough events (35) for learning to judge, and switch on.
    for (let index = 0; index < 6; index++) {
      await round(dir, index);
      expect((await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json'])).code).toBe(0);
    }
    const store = join(dir, '.loadout', 'feedback.jsonl');
    const run = await cli(dir, ['search', 'keep the recipe for later', '--catalog', 'catalog.json', '--feedback', store, '--max-feedback', '1024', '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('over the --max-feedback limit of 1024 bytes; compact it');
    expect(run.stderr).toContain('[feedback-too-large]');
    expect((JSON.parse(run.stdout) as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
  });

  it('eval --feedback: a file over the limit exits 2 with feedback-too-large, as learn does (never a run "without learning")', async () => {
    const dir = await folder();
    const feedback = join(dir, 'feedback.jsonl');
    await writeFile(feedback, `${saves.map((query) => JSON.stringify({ query, relevant: ['desktop::write_file'], note: 'x'.repeat(300) })).join('\n')}\n`);
    const files = ['--tools', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`];
    const run = await cli(dir, ['eval', ...files, '--feedback', feedback, '--max-feedback', '1024', '--json']);
    expect(run.code).toBe(2);
    const { error } = JSON.parse(run.stdout) as { error: { code: string; message: string } };
    expect(error.code).toBe('feedback-too-large');
    expect(error.message).toContain('over the --max-feedback limit of 1024 bytes; split it');
  });

  it.each([
    [['search', 'x', '--max-feedback', '2048'], '--max-feedback applies to --feedback only'],
    [['eval', '--tools', 't', '--queries', 'q', '--max-feedback', '2048'], '--max-feedback applies to --feedback only'],
    [['learn', 'events.jsonl', '--max-feedback', '12'], '--max-feedback must be an integer from 1024 to 268435456, got "12"'],
    [['learn', 'events.jsonl', '--max-feedback', '-1'], '--max-feedback must be an integer from 1024 to 268435456, got "-1"'],
  ])('%j is invalid-option', async (argv, message) => {
    const dir = await folder();
    const run = await cli(dir, argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toMatch(/\[invalid-option\]\n$/);
  });

  it.each(['learn', 'search', 'eval'])('loadout %s --help teaches it', async (command) => {
    const run = await cli(tmpdir(), [command, '--help']);
    expect(run.stdout).toMatch(/--max-feedback BYTES\n\s+largest feedback file read, 1024-268435456 \(default 67108864,\n\s+64 MiB\)/);
  });
});

describe('loadout learn --compact and --purge without a store', () => {
  it('--compact names the missing store (file-not-found) instead of failing to write beside it; --purge says there was nothing to delete', async () => {
    const dir = await folder();
    const compact = await cli(dir, ['learn', '--compact']);
    expect(compact.code).toBe(2);
    expect(compact.stderr).toMatch(/^loadout learn: no feedback store at .*\.loadout\/feedback\.jsonl, so nothing to compact .*\[file-not-found\]\n$/);
    const purge = await cli(dir, ['learn', '--purge']);
    expect(purge.code).toBe(0);
    expect(purge.stdout).toMatch(/^nothing to delete: neither .*feedback\.jsonl nor its decision exists\n$/);
    expect((await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json'])).code).toBe(0);
    const purged = await cli(dir, ['learn', '--purge']);
    expect(purged.stdout).toMatch(/^deleted .*feedback\.jsonl and .*learned\.json\n$/);
  });

  it('--compact --json and --purge --json print what was kept, dropped and deleted; --json with other flags is still refused', async () => {
    const dir = await folder();
    expect((await cli(dir, ['learn', 'events.jsonl', '--catalog', 'catalog.json'])).code).toBe(0);
    const store = join(dir, '.loadout', 'feedback.jsonl');
    await writeFile(store, `${await readFile(store, 'utf8')}{"query": "torn\n`);
    const compact = await cli(dir, ['learn', '--compact', '--json']);
    expect(compact.code).toBe(0);
    const compacted = JSON.parse(compact.stdout) as Record<string, unknown>;
    expect(compacted).toMatchObject({ action: 'compact', store, decision: join(dir, '.loadout', 'learned.json'), dropped: 1 });
    expect(compacted['kept']).toBeGreaterThan(0);
    expect(compacted['corruptLines']).toHaveLength(1);
    expect(compacted['message']).toMatch(/^compacted .*: kept \d+ events, dropped 1 \(1 corrupt line: line \d+\); the decision in .* is unchanged$/);
    const purge = await cli(dir, ['learn', '--purge', '--json']);
    expect(purge.code).toBe(0);
    expect(JSON.parse(purge.stdout)).toMatchObject({ action: 'purge', store, deleted: [store, join(dir, '.loadout', 'learned.json')] });
    const again = await cli(dir, ['learn', '--compact', '--json']);
    expect(again.code).toBe(2);
    expect(JSON.parse(again.stdout)).toMatchObject({ error: { code: 'file-not-found', details: { path: store } } });
    const extra = await cli(dir, ['learn', '--purge', '--json', '--ranker', 'bm25f']);
    expect(extra.code).toBe(2);
    expect(extra.stdout).toContain('--purge takes only --store PATH and --json, not --ranker');
  });

  it.each(['', '\n\n'])('--purge and --compact leave a file that holds no events (%j, an empty __init__.py) as it is, and say so', async (text) => {
    const dir = await folder();
    const file = join(dir, 'pkg', '__init__.py');
    await mkdir(join(dir, 'pkg'));
    await writeFile(file, text);
    const old = new Date('2020-01-01T00:00:00Z');
    await utimes(file, old, old);
    const purge = await cli(dir, ['learn', '--purge', '--store', 'pkg/__init__.py']);
    expect(purge.code).toBe(0);
    expect(purge.stdout).toBe(`nothing to delete: ${file} holds no events, so it was left as it is\n`);
    const compact = await cli(dir, ['learn', '--compact', '--store', 'pkg/__init__.py']);
    expect(compact.code).toBe(0);
    expect(compact.stdout).toBe(`nothing to compact: ${file} holds no events, so it was left as it is\n`);
    expect(await readFile(file, 'utf8')).toBe(text);
    expect((await stat(file)).mtimeMs).toBe(old.getTime());
    expect(await readdir(join(dir, 'pkg'))).toEqual(['__init__.py']);
  });
});
