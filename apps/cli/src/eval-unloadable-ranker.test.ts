import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Ranker trial F4 (decision 3466): `eval --ranker all --allow-failures` exited 2 and measured nothing because one
// plug-in module of the config had a syntax error. `all` is every ranker this environment can build: one whose
// module does not load is left out with one coded warning (on stderr and in --json's "warnings"); naming it is an error.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const tiny = fileURLToPath(new URL('../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'loadout-eval-unloadable-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', LOADOUT_CONFIG_HOME: join(root, 'home') };
const fixtures = fileURLToPath(new URL('./__fixtures__/bad-rankers/', import.meta.url));
const good = `export { noisy as default } from ${JSON.stringify(join(fixtures, 'bad-ranker.mjs'))};\n`;

/** A folder with a config naming a working plug-in ranker (noisy-ranker) and `syntax`, whose module does not parse. */
function folderWith(config: Record<string, unknown>): string {
  const folder = mkdtempSync(join(root, 'case-'));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'good.mjs'), good);
  writeFileSync(join(folder, 'syntax.mjs'), 'export default { specificationVersion: "v1", name: "syntax", create(\n');
  writeFileSync(join(folder, 'c.json'), JSON.stringify({ rankers: { 'noisy-ranker': './good.mjs', syntax: './syntax.mjs' }, ...config }));
  return folder;
}

function evalIn(folder: string, ...flags: string[]): { status: number | null; stdout: string; stderr: string } {
  const args = [main, 'eval', '--tools', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`, '--config', 'c.json', ...flags];
  const result = spawnSync(process.execPath, args, { cwd: folder, env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const skipLine = /^loadout eval: warning: skipping ranker "syntax": .*c\.json: rankers\.syntax: .*syntax\.mjs:2: syntax error: [^\n]*\[plugin-load-failed\]$/m;

describe('eval --ranker all with a plug-in module that does not load', () => {
  it('leaves it out with one coded warning and measures the others', () => {
    const run = evalIn(folderWith({}), '--ranker', 'all', '--allow-failures');
    expect(run.stderr).toMatch(skipLine);
    expect(run.stderr.match(/plugin-load-failed/g)).toHaveLength(1);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^noisy-ranker /m);
    expect(run.stdout).toMatch(/^bm25f /m);
    expect(run.stdout).not.toMatch(/^syntax /m);
  }, 120_000);

  it('says it in --json "warnings" with its code', () => {
    const run = evalIn(folderWith({}), '--ranker', 'all', '--json');
    const result = JSON.parse(run.stdout) as { rankers: { ranker: string }[]; warnings: { code: string; message: string }[] };
    expect(result.rankers.map((row) => row.ranker)).not.toContain('syntax');
    expect(result.rankers.map((row) => row.ranker)).toContain('noisy-ranker');
    expect(result.warnings).toEqual([{ code: 'plugin-load-failed', message: expect.stringMatching(/^skipping ranker "syntax": .*syntax\.mjs:2: syntax error/) }]);
  }, 120_000);

  it('named in --ranker, it is still the error (exit 2)', () => {
    const run = evalIn(folderWith({}), '--ranker', 'noisy-ranker,syntax', '--allow-failures');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/rankers\.syntax: .*syntax error.*\[plugin-load-failed\]\n$/);
    expect(run.stdout).toBe('');
  });

  it("as the config's own ranker (the baseline), it is still the error (exit 2)", () => {
    const run = evalIn(folderWith({ ranker: 'syntax' }), '--ranker', 'all', '--allow-failures');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/rankers\.syntax: .*syntax error.*\[plugin-load-failed\]\n$/);
    expect(run.stdout).toBe('');
  }, 120_000);
});
