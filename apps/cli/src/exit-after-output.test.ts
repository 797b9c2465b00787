import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServing } from './__fixtures__/serving-cli.js';

// Trial-embed item 1 (decision 3438): a plug-in module that leaves a timer running (or never
// finishes loading) must not keep `loadout` alive once its output is written, nor `serve` after
// SIGTERM. The built CLI runs as a user runs it; each run that would hang is ended by spawnSync's
// timeout, which the test then sees as a null status.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const reverse = fileURLToPath(new URL('../../../docs/examples/reverse-ranker.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'loadout-exit-after-output-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };

const write = (name: string, text: string): string => {
  writeFileSync(join(folder, name), text);
  return name;
};
write('r-ticking.mjs', `import base from ${JSON.stringify(reverse)};\nsetInterval(() => {}, 1000);\nexport default { ...base, name: 'ticking' };\n`);
write('r-forever.mjs', `import base from ${JSON.stringify(reverse)};\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\nexport default { ...base, name: 'forever' };\n`);
write('m-ticking.mjs', `setInterval(() => {}, 1000);\nexport default { name: 'ticking', hooks: { 'tool.describe'(event, next) { return next(); } } };\n`);
const ticking = write('c-ticking.mjs', `export default { ranker: 'ticking', rankers: { ticking: './r-ticking.mjs' }, rankerOptions: { matchAll: true } };\n`);
const forever = write('c-forever.mjs', `export default { ranker: 'forever', rankers: { forever: { module: './r-forever.mjs', startTimeoutMs: 1000 } } };\n`);
const tickingMod = write('c-ticking-mod.mjs', `export default { plugins: ['./m-ticking.mjs'] };\n`);
const servedForever = write('c-served-forever.mjs', `export default { ranker: 'forever', rankers: { forever: { module: './r-forever.mjs', startTimeoutMs: 1000 } }, mcpServers: {} };\n`);
const servedMod = write('c-served-mod.mjs', `export default { plugins: ['./m-ticking.mjs'], mcpServers: {} };\n`);

function loadout(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, ...args], { cwd: folder, env, encoding: 'utf8', timeout: 30_000, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('a plug-in that leaves a timer running does not keep loadout alive', () => {
  it('search with a ranker whose module set an interval: the hits, exit 0', () => {
    const run = loadout(['search', 'weather forecast', '--config', ticking]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('ticking');
  });

  it('search --json --limit 100: the whole document is written before the exit', () => {
    const run = loadout(['search', 'weather forecast', '--config', ticking, '--json', '--limit', '100']);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { hits: unknown[] }).hits.length).toBeGreaterThan(5);
  });

  it('search with a ranker whose module never finishes loading: ranker-timeout, exit 2', () => {
    const run = loadout(['search', 'weather forecast', '--config', forever]);
    expect(run.stderr).toMatch(/did not finish loading within 1000 ms.*\[ranker-timeout\]/);
    expect(run.status).toBe(2);
  });

  it('eval with that ranker beside a built-in: the table, exit 0', () => {
    const run = loadout(['eval', '--config', ticking, '--ranker', 'ticking,bm25f']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('bm25f');
  });

  it('plan with a mod whose file set an interval: the plan, exit 0', () => {
    const run = loadout(['plan', '--config', tickingMod, '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toBeTypeOf('object');
  });

  it.each([
    ['a mod whose file set an interval', servedMod],
    ['a ranker whose module never finishes loading', servedForever],
  ])('serve with %s stops on SIGTERM with exit 0', async (_, config) => {
    const { child, stderr, exited } = await startServing(main, ['serve', '--config', config, '--http', '0'], folder, env);
    expect(stderr()).toContain('serving MCP over streamable HTTP');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
