import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServing } from './__fixtures__/serving-cli.js';

// Decision 3441: a config registering a ranker whose module never finishes loading delayed every
// command by its 10 s start budget, silently, even one ranking with bm25f. The built CLI runs as a
// user runs it; the module writes a marker file when imported, so "never imported" is seen, not timed.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const weatherServer = fileURLToPath(new URL('../../../packages/mcp/src/__fixtures__/weather-server.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'loadout-unused-ranker-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };

/** A ranker module that marks its import, then never finishes loading. */
const hanging = `import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./imported', import.meta.url), '');\nawait new Promise(() => {});\n` +
  `export default { specificationVersion: 'v1', name: 'hang', queryKind: 'keywords', create: () => { throw new Error('never'); } };\n`;

let count = 0;
/** A folder with the hanging module and a config registering it (`entry`) plus `extra`; returns the folder. */
function scratch(entry: unknown, extra: Record<string, unknown> = {}): string {
  const folder = join(root, `case-${count++}`);
  mkdirSync(folder);
  writeFileSync(join(folder, 'hang.mjs'), hanging);
  writeFileSync(join(folder, 'c.json'), JSON.stringify({ rankers: { hang: entry }, ...extra }));
  return folder;
}
const imported = (folder: string): boolean => existsSync(join(folder, 'imported'));

function loadout(folder: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, ...args, '--config', 'c.json'], { cwd: folder, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('a registered plug-in ranker a command does not rank with is never imported', () => {
  it.each([
    ['search (the config ranks with bm25f)', ['search', 'weather forecast'], {}],
    ['search --ranker bm25f beside the configured plug-in', ['search', 'weather forecast', '--ranker', 'bm25f'], { ranker: 'hang' }],
    ['plan (ranks nothing)', ['plan', '--json'], { ranker: 'hang' }],
  ])('%s: the answer, exit 0, nothing said of it', (_, args, extra) => {
    const folder = scratch('./hang.mjs', extra);
    const run = loadout(folder, args);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toBe('');
    expect(imported(folder)).toBe(false);
  });

  it('search --ranker hang imports it as before: ranker-timeout at its budget, exit 2', () => {
    const folder = scratch({ module: './hang.mjs', startTimeoutMs: 1000 });
    const run = loadout(folder, ['search', 'weather forecast', '--ranker', 'hang']);
    expect(run.stderr).toMatch(/^loadout search: ranker "hang" did not start: its module .*hang\.mjs did not finish loading within 1000 ms .*\[ranker-timeout\]\n$/);
    expect(run.status).toBe(2);
    expect(imported(folder)).toBe(true);
  });

  it('loadout rankers imports every one, and names the module it is waiting for', () => {
    const folder = scratch({ module: './hang.mjs', startTimeoutMs: 3000 });
    const run = loadout(folder, ['rankers']);
    // Every second of the wait, as eval's progress says it (ranker trial F1, decision 3466); none at the budget.
    const line = `loadout rankers: rankers.hang (${join(folder, 'hang.mjs')}): loading its module, `;
    expect(run.stderr).toContain(`${line}1 s of 3 s…\n`);
    expect(run.stderr.split('\n').filter(Boolean).every((text) => text.startsWith(line) && /, [12] s of 3 s…$/.test(text))).toBe(true);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('hang: not loaded');
    expect(imported(folder)).toBe(true);
  });

  it('serve ranking with bm25f: serving without importing it', async () => {
    const folder = scratch('./hang.mjs', { mcpServers: { weather: { command: process.execPath, args: [weatherServer] } } });
    const { child, stderr, exited } = await startServing(main, ['serve', '--config', 'c.json', '--http', '127.0.0.1:0'], folder, env);
    expect(stderr()).toContain('serving MCP over streamable HTTP');
    expect(stderr()).not.toContain('hang');
    expect(imported(folder)).toBe(false);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
