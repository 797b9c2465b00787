import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 34 item 6, as a user meets it: a cloned folder whose config would run
// code, the built `loadout` run in it. Nothing of the folder's runs (the
// modules write a marker when imported) until `loadout trust` there; every
// refusal is exit 2 [config-untrusted] and leaves the folder byte-identical.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'loadout-trust-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MARK = "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./ran', import.meta.url), 'ran');\n";
const MOD = `${MARK}export default { name: 'hostile', hooks: {} };\n`;

let count = 0;
function clone(files: Record<string, string>): string {
  const folder = join(root, `clone-${count++}`);
  mkdirSync(folder);
  for (const [name, text] of Object.entries({ ...files, 'tools.json': JSON.stringify([{ name: 'get_forecast', description: 'Weather forecast' }]) })) {
    writeFileSync(join(folder, name), text, { flag: 'w' });
  }
  return folder;
}

/** Every file's bytes under `folder`, hashed: the folder's state as the user sees it. */
function snapshot(folder: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    state[name] = statSync(path).isDirectory() ? 'folder' : createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return state;
}

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

// The user's configuration folder: one for the whole file, outside every clone.
const home = join(root, 'config-home');

function loadout(cwd: string, args: readonly string[], env: Record<string, string> = { LOADOUT_CONFIG_HOME: home }): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [main, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

const hostile: readonly [string, Record<string, string>][] = [
  ['loadout.config.mjs', { 'loadout.config.mjs': `${MARK}export default {};\n` }],
  ['loadout.config.ts', { 'loadout.config.ts': `${MARK}export default {};\n` }],
  ['a JSON config naming plugins', { 'loadout.config.json': '{ "plugins": ["./mods.mjs"] }', 'mods.mjs': MOD }],
  ['a JSON config naming rankers', { 'loadout.config.json': '{ "rankers": { "mine": "./mods.mjs" } }', 'mods.mjs': MOD }],
];

const commands: readonly (readonly string[])[] = [
  ['search', 'weather'],
  ['plan'],
  ['eval', '--tools', 'tools.json', '--queries', 'queries.jsonl'],
  ['learn', 'events.jsonl', '--catalog', 'tools.json'],
  ['serve'],
];

describe('a cloned folder whose config runs code', () => {
  it.each(hostile)('%s: every command that reads config refuses it (exit 2, config-untrusted), runs none of it and changes no file', async (_, files) => {
    const folder = clone(files);
    const before = snapshot(folder);
    for (const args of commands) {
      const outcome = await loadout(folder, args);
      expect(outcome.code, args.join(' ')).toBe(2);
      expect(outcome.stderr).toMatch(new RegExp(`^loadout ${args[0]}: .*loadout\\.config\\.\\w+ runs code when loaded .*run \`loadout trust\`.*--no-config ignores it \\[config-untrusted\\]\\n$`));
      expect(existsSync(join(folder, 'ran'))).toBe(false);
    }
    expect(snapshot(folder)).toEqual(before);
  });

  it('--no-config ignores it: the built-ins answer and nothing of the folder runs', async () => {
    const folder = clone(hostile[2]![1]);
    const outcome = await loadout(folder, ['search', 'weather', '--catalog', 'tools.json', '--no-config', '--json']);
    expect(outcome.code).toBe(0);
    expect((JSON.parse(outcome.stdout) as { ranker: string }).ranker).toBe('bm25f');
    expect(existsSync(join(folder, 'ran'))).toBe(false);
    const both = await loadout(folder, ['search', 'weather', '--no-config', '--config', 'loadout.config.json']);
    expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('[invalid-option]') });
  });

  it('loads once trusted, until the config changes; --revoke takes the trust back', async () => {
    const folder = clone(hostile[0]![1]);
    const trusted = await loadout(folder, ['trust']);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(/^trusted .*loadout\.config\.mjs \(sha256 [0-9a-f]{12}…\): it runs code: it is a module; after any edit, run loadout trust again\n$/);
    expect(snapshot(folder)).not.toHaveProperty('ran');
    expect((await loadout(folder, ['search', 'weather', '--catalog', 'tools.json'])).code).toBe(0);
    expect(existsSync(join(folder, 'ran'))).toBe(true);
    rmSync(join(folder, 'ran'));
    // A pull that changes one byte of the config needs a new trust.
    writeFileSync(join(folder, 'loadout.config.mjs'), `${MARK}export default { limit: 3 };\n`);
    expect((await loadout(folder, ['search', 'weather', '--catalog', 'tools.json'])).stderr).toContain('[config-untrusted]');
    expect(existsSync(join(folder, 'ran'))).toBe(false);
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    expect((await loadout(folder, ['trust', '--revoke'])).stdout).toMatch(/^revoked: /);
    expect((await loadout(folder, ['search', 'weather', '--catalog', 'tools.json'])).stderr).toContain('[config-untrusted]');
    expect(existsSync(join(folder, 'ran'))).toBe(false);
  });

  it('a trust record is per path: a copy of a trusted config in another folder is not trusted', async () => {
    const first = clone(hostile[0]![1]);
    expect((await loadout(first, ['trust'])).code).toBe(0);
    const second = clone(hostile[0]![1]);
    expect((await loadout(second, ['plan'])).stderr).toContain('[config-untrusted]');
  });

  it('named with --config, it loads as asked; a JSON config that runs no code loads without trust', async () => {
    const named = clone(hostile[0]![1]);
    expect((await loadout(named, ['search', 'weather', '--catalog', 'tools.json', '--config', 'loadout.config.mjs'])).code).toBe(0);
    expect(existsSync(join(named, 'ran'))).toBe(true);
    const plain = clone({ 'loadout.config.json': '{ "limit": 1, "catalog": "tools.json" }' });
    const outcome = await loadout(plain, ['search', 'weather', '--json']);
    expect(outcome.code).toBe(0);
    expect((JSON.parse(outcome.stdout) as { hits: unknown[] }).hits).toHaveLength(1);
  });

  it('keeps records in $XDG_CONFIG_HOME/loadout/trust when LOADOUT_CONFIG_HOME is unset', async () => {
    const folder = clone(hostile[0]![1]);
    const xdg = join(root, 'xdg');
    expect((await loadout(folder, ['trust'], { XDG_CONFIG_HOME: xdg })).code).toBe(0);
    expect(readdirSync(join(xdg, 'loadout', 'trust'))).toHaveLength(1);
    expect((await loadout(folder, ['plan', '--json'], { XDG_CONFIG_HOME: xdg })).code).toBe(0);
    // The record is the user's, not the folder's: another configuration folder does not have it.
    expect((await loadout(folder, ['plan'])).stderr).toContain('[config-untrusted]');
  });

  it('loadout serve counts a JSON config\'s mcpServers commands as code; other commands read that config untrusted', async () => {
    const folder = clone({ 'loadout.config.json': JSON.stringify({ catalog: 'tools.json', mcpServers: { evil: { command: process.execPath, args: ['-e', "require('fs').writeFileSync('ran', 'ran')"] } } }) });
    const before = snapshot(folder);
    expect(await loadout(folder, ['serve'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/its "mcpServers" name commands to start.*\[config-untrusted\]\n$/) });
    expect(snapshot(folder)).toEqual(before);
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
  });

  it('loadout trust in a folder without a config says so (exit 2, file-not-found)', async () => {
    const empty = clone({});
    expect(await loadout(empty, ['trust'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/nothing to trust \[file-not-found\]\n$/) });
  });
});
