import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Ranker trial F1 (decision 3466): while a plug-in's create hung, eval said nothing for its whole start budget
// (10 s by default, up to 10 minutes). Its start is now said every second, with the budget, as the module's import is.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const tiny = fileURLToPath(new URL('../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'loadout-start-progress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', LOADOUT_CONFIG_HOME: join(root, 'home') };
writeFileSync(join(root, 'hang.mjs'), "export default { specificationVersion: 'v1', name: 'hang', queryKind: 'keywords', create: () => new Promise(() => {}) };\n");
writeFileSync(join(root, 'c.json'), JSON.stringify({ rankers: { hang: { module: './hang.mjs', startTimeoutMs: 2500 } } }));

function loadout(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, ...args, '--config', 'c.json'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("a plug-in ranker whose create never returns (start budget 2.5 s)", () => {
  it('eval says its start every second, naming it and the budget, then measures the others', () => {
    const run = loadout('eval', '--tools', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`, '--ranker', 'bm25f,hang', '--allow-failures');
    expect(run.stderr).toContain('loadout eval: hang (2/2): starting, 1 s of 2.5 s…\n');
    expect(run.stderr).toContain('loadout eval: hang (2/2): starting, 2 s of 2.5 s…\n');
    expect(run.stderr).not.toContain('of 2.5 s…\nloadout eval: hang (2/2): starting, 3 s');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^hang .*\n/m);
  });

  it('search says it too, then fails with ranker-timeout', () => {
    const run = loadout('search', 'open an issue', '--ranker', 'hang');
    expect(run.stderr).toContain('loadout search: hang: starting, 1 s of 2.5 s…\n');
    expect(run.stderr).toMatch(/took longer than 2500 ms to start .*\[ranker-timeout\]\n$/);
    expect(run.status).toBe(2);
  });
});
