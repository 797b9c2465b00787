import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

// A plug-in's output is checked on every CLI surface (issue 29, item 5): NaN scores, a tool the
// catalog lacks and a search that throws are ranker-invalid-result.
const folder = fileURLToPath(new URL('./__fixtures__/bad-rankers/', import.meta.url));
const tiny = fileURLToPath(new URL('../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));
// The fixture's config names rankers (code), so it is named with --config, which loads it without `loadout trust`.
const files = ['--tools', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`, '--config', 'loadout.config.json'];
const cases = [
  ['nan-ranker', 'hit 1 has score NaN, not a finite number'],
  ['ghost-ranker', 'hit 1 is tool "ghost", which is not in the indexed catalog'],
  ['throwing-ranker', 'threw instead of returning results: cannot read properties of undefined'],
] as const;

describe('a plug-in ranker returning an invalid result', () => {
  it.each(cases)('%s: search exits 2 with ranker-invalid-result naming the ranker', async (ranker, problem) => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'open an issue', '--ranker', ranker, '--config', 'loadout.config.json'], run.context)).toBe(2);
    expect(run.stderr()).toContain(`ranker "${ranker}"`);
    expect(run.stderr()).toContain(problem);
    expect(run.stderr()).toContain('[ranker-invalid-result]');
    expect(run.stdout()).toBe('');
  });

  it.each(cases)('%s: eval prints everything, counts every query failed and exits 1 (0 with --allow-failures)', async (ranker, problem) => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, '--ranker', ranker, '--json'], run.context)).toBe(1);
    const result = JSON.parse(run.stdout()) as { failedQueries: number; queries: number; 'recall@5': number; firstError: string };
    expect(result.failedQueries).toBe(result.queries);
    expect(result['recall@5']).toBe(0);
    expect(result.firstError).toContain(problem);
    expect(result.firstError).toContain('[ranker-invalid-result]');
    const text = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, '--ranker', ranker, '--allow-failures'], text.context)).toBe(0);
    expect(text.stdout()).toContain('3 queries failed and scored as misses');
  });

  it('eval of several rankers prints the whole comparison, the failing one never recommended, and exits 1', async () => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, '--ranker', 'nan-ranker,bm25f', '--json'], run.context)).toBe(1);
    const result = JSON.parse(run.stdout()) as { rankers: { ranker: string; failedQueries: number }[]; recommended: string };
    expect(result.rankers.map((row) => [row.ranker, row.failedQueries])).toEqual([
      ['nan-ranker', 3],
      ['bm25f', 0],
    ]);
    expect(result.recommended).toBe('bm25f');
    const failing = result.rankers[0] as unknown as { firstError: { code: string; message: string } };
    expect(failing.firstError.code).toBe('ranker-invalid-result');
    expect(failing.firstError.message).toMatch(/^tiny:1: ranker "nan-ranker" returned an invalid result: hit 1 has score NaN, not a finite number$/);
    // stdout is the contract; why the queries failed, with the code, is on stderr.
    expect(run.stderr()).toContain('loadout eval: nan-ranker: 3 queries failed and scored as misses');
    expect(run.stderr()).toContain('[ranker-invalid-result]');
  });

  it('a plug-in that cannot be built or cannot index fails its queries in a comparison; the others are measured', async () => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, '--ranker', 'bm25f,create-throwing,index-throwing', '--json'], run.context)).toBe(1);
    const result = JSON.parse(run.stdout()) as { rankers: { ranker: string; failedQueries: number; 'recall@5': number }[]; recommended: string };
    expect(result.rankers.map((row) => [row.ranker, row.failedQueries])).toEqual([
      ['bm25f', 0],
      ['create-throwing', 3],
      ['index-throwing', 3],
    ]);
    expect(result.rankers[0]!['recall@5']).toBeGreaterThan(0);
    expect(result.recommended).toBe('bm25f');
    // Each failing ranker says why in the JSON too (a key added to the contract; the others keep theirs).
    const rows = result.rankers as unknown as Record<string, unknown>[];
    expect(Object.keys(rows[0]!)).not.toContain('firstError');
    expect(rows[1]!['firstError']).toEqual({ code: 'ranker-failed', message: 'ranker "create-throwing" failed while being created: boom in create' });
    expect(rows[2]!['firstError']).toEqual({ code: 'ranker-failed', message: 'ranker "index-throwing" failed while indexing: boom in index' });
    expect(Object.keys(rows[2]!)).toEqual(['ranker', 'recall@5', 'ndcg@5', 'mrr@10', 'p50Ms', 'p99Ms', 'buildMs', 'failedQueries', 'vsBaseline', 'firstError']);
    expect(run.stderr()).toContain('ranker "create-throwing" failed while being created: boom in create [ranker-failed]');
    expect(run.stderr()).toContain('ranker "index-throwing" failed while indexing: boom in index [ranker-failed]');
    const allowed = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, '--ranker', 'bm25f,create-throwing', '--allow-failures'], allowed.context)).toBe(0);
    expect(allowed.stdout()).toContain('create-throwing: 3 queries failed and scored as misses');
  });

  it('a plug-in that cannot be built, alone, is ranker-failed naming it (exit 2)', async () => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, '--ranker', 'create-throwing'], run.context)).toBe(2);
    expect(run.stderr()).toContain('ranker "create-throwing" failed while being created: boom in create [ranker-failed]');
    expect(run.stdout()).toBe('');
  });

  // A plug-in whose create or index throws fails in its worker: ranker-failed naming it and the operation, the same on
  // every surface (search here; eval above; serve in hostile-plug-in-serve.test.ts).
  it.each([
    ['create-throwing', 'failed while being created: boom in create', 'create'],
    ['index-throwing', 'failed while indexing: boom in index', 'index'],
  ])('%s: search exits 2 with ranker-failed naming the ranker and the operation, no stack', async (ranker, problem, operation) => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'open an issue', '--ranker', ranker, '--config', 'loadout.config.json'], run.context)).toBe(2);
    expect(run.stderr()).toBe(`loadout search: ranker "${ranker}" ${problem} [ranker-failed]\n`);
    expect(run.stdout()).toBe('');
    const json = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'open an issue', '--ranker', ranker, '--config', 'loadout.config.json', '--json'], json.context)).toBe(2);
    expect(JSON.parse(json.stdout())).toEqual({ error: { code: 'ranker-failed', message: `ranker "${ranker}" ${problem}`, details: { ranker, operation } } });
  });

  it('a plug-in that ignores the filter a +term query gives it: ranker-invalid-result naming the hit (exit 2); a query with no filter is answered', async () => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['search', '+slack send message', '--ranker', 'unfiltered-ranker', '--config', 'loadout.config.json'], run.context)).toBe(2);
    expect(run.stderr()).toMatch(/^loadout search: ranker "unfiltered-ranker" returned an invalid result: hit 1 \(tool "[^"]+"\) is not one the filter allows \[ranker-invalid-result\]\n$/);
    expect(run.stdout()).toBe('');
    const plain = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'post a note to the team', '--ranker', 'unfiltered-ranker', '--config', 'loadout.config.json'], plain.context)).toBe(0);
  });

  it("a plug-in's own prints go to stderr, so --json stays parseable (the built CLI, in its own process)", () => {
    const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
    const result = spawnSync(process.execPath, [main, 'eval', ...files, '--ranker', 'noisy-ranker,bm25f', '--json'], { cwd: folder, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('noisy create');
    expect((JSON.parse(result.stdout) as { rankers: unknown[] }).rankers).toHaveLength(2);
  });
});
