import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The built CLI (`pnpm build` first): what a one-shot command, eval's latency and the help say (trial F17, F19).

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/cli/dist/main.js');
const folder = mkdtempSync(join(tmpdir(), 'loadout-one-shot-wording-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };

// A plug-in ranker whose create never ends, given the shortest start budget.
writeFileSync(
  join(folder, 'hang.mjs'),
  "export default { specificationVersion: 'v1', name: 'hang', queryKind: 'keywords', description: 'never starts', create: () => new Promise(() => {}) };\n",
);
writeFileSync(join(folder, 'hang.config.json'), JSON.stringify({ rankers: { hang: { module: './hang.mjs', startTimeoutMs: 1000 } } }));

function cli(...argv: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [main, ...argv], { cwd: folder, env, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('one-shot wording', () => {
  it('search with a plug-in that does not start in time: ranker-timeout, promising no next call', () => {
    const run = cli('search', 'send an email', '--ranker', 'hang', '--config', 'hang.config.json');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'loadout search: ranker "hang" took longer than 1000 ms to start (loading its module and create; a "rankers" entry\'s "startTimeoutMs" allows more) [ranker-timeout]\n',
    );
  });

  it('an unknown command a longer word for one: did you mean', () => {
    const run = cli('evaluate');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^loadout: unknown command "evaluate"; did you mean eval\? \[invalid-option\]\n/);
  });
});

describe('eval latency in text', () => {
  it('shows two significant places at most and notes that p99 over fewer than 100 queries is the slowest; --json keeps the numbers', () => {
    const text = cli('eval', '--ranker', 'bm25f,wink-bm25');
    expect(text.status).toBe(0);
    const rows = text.stdout.split('\n').filter((line) => /^(bm25f|wink-bm25)\s/.test(line));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const [p50, p99] = row.trim().split(/\s+/).slice(-4, -2);
      for (const value of [p50!, p99!]) expect(value).toMatch(/^(0\.\d\d|\d\.\d|\d\d+)$/);
    }
    expect(text.stdout).toContain('note: p99 over 45 queries (fewer than 100) is the slowest one, and moves from run to run\n');
    const single = cli('eval');
    expect(single.stdout).toMatch(/ {2}latency {3}p50 (0\.\d\d|\d\.\d|\d\d+) ms, p99 (0\.\d\d|\d\.\d|\d\d+) ms; index built in \d+ ms\n/);
    expect(single.stdout).toContain('note: p99 over 45 queries (fewer than 100)');
    const json = cli('eval', '--json');
    expect(json.stdout).not.toContain('note:');
    expect(typeof (JSON.parse(json.stdout) as { p99Ms: unknown }).p99Ms).toBe('number');
  });
});

describe('the learned features are explained', () => {
  it('search --help points to learn --help, which names every feature --explain shows', () => {
    expect(cli('search', '--help').stdout).toContain('features" (firstStage, cover, sameServerTop10, …) mean: loadout learn --help');
    const help = cli('learn', '--help').stdout;
    for (const name of ['firstStage ', 'firstStageRank', 'fullVsBest', 'cover.FIELD', 'clauseCover', 'clause.FIELD', 'nameShare', 'nameAll', 'nameMatched', 'descriptionLength', 'noDescription', 'sameServerTop10', 'queryTerms', 'vector.queryVsBest', 'usage', '"bias"']) {
      expect(help).toContain(name);
    }
  });
});
