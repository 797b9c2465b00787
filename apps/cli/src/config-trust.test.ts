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
    // Trusting a module config imports it once, to read the modules it names: the user is letting it run.
    expect(existsSync(join(folder, 'ran'))).toBe(true);
    rmSync(join(folder, 'ran'));
    expect((await loadout(folder, ['search', 'weather', '--catalog', 'tools.json'])).code).toBe(0);
    expect(existsSync(join(folder, 'ran'))).toBe(true);
    rmSync(join(folder, 'ran'));
    // A pull that changes one byte of the config needs a new trust.
    writeFileSync(join(folder, 'loadout.config.mjs'), `${MARK}export default { limit: 3 };\n`);
    expect((await loadout(folder, ['search', 'weather', '--catalog', 'tools.json'])).stderr).toContain('[config-untrusted]');
    expect(existsSync(join(folder, 'ran'))).toBe(false);
    expect((await loadout(folder, ['trust'])).stdout).toMatch(/\n {2}replaced 1 record of its earlier content: /);
    rmSync(join(folder, 'ran'));
    expect((await loadout(folder, ['trust', '--revoke'])).stdout).toMatch(/^revoked: .* \(1 record removed\)\n$/);
    expect((await loadout(folder, ['search', 'weather', '--catalog', 'tools.json'])).stderr).toContain('[config-untrusted]');
    expect(existsSync(join(folder, 'ran'))).toBe(false);
    expect((await loadout(folder, ['trust', '--revoke'])).stdout).toMatch(/ was not trusted; nothing to revoke\n$/);
  });

  it('--revoke after an edit still takes the trust back, and the old content does not load again', async () => {
    const folder = clone(hostile[0]![1]);
    const original = readFileSync(join(folder, 'loadout.config.mjs'));
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    writeFileSync(join(folder, 'loadout.config.mjs'), `${MARK}export default { limit: 3 };\n`);
    expect((await loadout(folder, ['trust', '--revoke'])).stdout).toMatch(/^revoked: .* \(1 record removed\)\n$/);
    writeFileSync(join(folder, 'loadout.config.mjs'), original);
    rmSync(join(folder, 'ran'));
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

// Issue 34, the user trial: `loadout trust` pinned the config only, so an edit
// to a module it names (a `git pull`) ran unreviewed. The record now pins
// every module the config names by path; the refusal names the one that changed.
const RANKER = `${MARK}export default { specificationVersion: 'v1', name: 'reverse', queryKind: 'keywords', create: () => ({ specificationVersion: 'v1', name: 'reverse', size: 0, index() {}, add() {}, remove() {}, search: () => [] }) };\n`;
const TEAM_MODS = "export default { name: 'team', hooks: { 'tool.describe': (event, next) => next() } };\n";
const EDITED = "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./edited-ran', import.meta.url), 'ran');\nconst secret = 'sk-edited-0123';\nexport default { name: 'team', hooks: {} };\n";
const trial = {
  'loadout.config.json': JSON.stringify({ catalog: 'tools.json', ranker: 'reverse', rankers: { reverse: './reverse-ranker.mjs' }, plugins: ['./team-mods.mjs'] }),
  'reverse-ranker.mjs': RANKER,
  'team-mods.mjs': TEAM_MODS,
};

describe('a trusted config pins the modules it names', () => {
  it('lists them when trusted; an edited module is refused as an edited config is, naming the module and never its content', async () => {
    const folder = clone(trial);
    const trusted = await loadout(folder, ['trust']);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(/^trusted .*loadout\.config\.json \(sha256 [0-9a-f]{12}…\): it runs code: it names "plugins" modules, it names "rankers" modules; after any edit to it or a module below, run loadout trust again\n/);
    expect(trusted.stdout).toMatch(/\n {2}pinned .*reverse-ranker\.mjs \(rankers\.reverse, sha256 [0-9a-f]{12}…\)\n {2}pinned .*team-mods\.mjs \(plugins\[0\], sha256 [0-9a-f]{12}…\)\n$/);
    expect(snapshot(folder)).not.toHaveProperty('ran');
    expect((await loadout(folder, ['search', 'weather', '--limit', '1'])).code).toBe(0);
    writeFileSync(join(folder, 'team-mods.mjs'), EDITED);
    const before = snapshot(folder);
    const refused = await loadout(folder, ['search', 'weather', '--catalog', 'tools.json', '--limit', '1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^loadout search: .*loadout\.config\.json runs code when loaded .* is not trusted \(.*team-mods\.mjs \(plugins\[0\]\) changed since it was trusted\): .*run `loadout trust`.*\[config-untrusted\]\n$/);
    expect(refused.stderr).not.toContain('reverse-ranker.mjs');
    expect(refused.stderr).not.toContain('sk-edited');
    expect(snapshot(folder)).toEqual(before);
    // The user reads the change and trusts again: it loads.
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    expect((await loadout(folder, ['search', 'weather', '--limit', '1'])).code).toBe(0);
    expect(existsSync(join(folder, 'edited-ran'))).toBe(true);
  });

  it('a module config: a missing module and a newly named one are refused too', async () => {
    const folder = clone({
      'loadout.config.mjs': "import { existsSync } from 'node:fs';\nexport default { ranker: 'reverse', rankers: { reverse: './reverse-ranker.mjs' }, plugins: existsSync(new URL('./more.mjs', import.meta.url)) ? ['./more.mjs'] : [] };\n",
      'reverse-ranker.mjs': RANKER,
    });
    const trusted = await loadout(folder, ['trust']);
    expect(trusted.stdout).toMatch(/\n {2}pinned .*reverse-ranker\.mjs \(rankers\.reverse, sha256 [0-9a-f]{12}…\)\n$/);
    // search ranks with reverse, so it imports its module (plan, which ranks nothing, would not: decision 3441).
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
    rmSync(join(folder, 'ran'));
    // The config's bytes are unchanged, but it now names a module the record does not hold.
    writeFileSync(join(folder, 'more.mjs'), MOD);
    expect((await loadout(folder, ['search', 'weather'])).stderr).toMatch(/more\.mjs \(plugins\[0\]\) was not named when it was trusted\): .*\[config-untrusted\]\n$/);
    expect(existsSync(join(folder, 'ran'))).toBe(false);
    rmSync(join(folder, 'more.mjs'));
    rmSync(join(folder, 'reverse-ranker.mjs'));
    expect((await loadout(folder, ['search', 'weather'])).stderr).toMatch(/reverse-ranker\.mjs \(rankers\.reverse\) is missing\): .*\[config-untrusted\]\n$/);
  });

  it('a record written before modules were pinned: refused with a request to trust again, unless the config names no module', async () => {
    const folder = clone(trial);
    const records = join(home, 'trust');
    mkdirSync(records, { recursive: true });
    const legacy = (path: string): void => {
      const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
      writeFileSync(join(records, createHash('sha256').update(`${path}\n${sha256}`).digest('hex')), `${JSON.stringify({ path, sha256 })}\n`);
    };
    legacy(join(folder, 'loadout.config.json'));
    const refused = await loadout(folder, ['search', 'weather']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is not trusted \(it was trusted before `loadout trust` pinned the modules a config names\): .*run `loadout trust`.*\[config-untrusted\]\n$/);
    expect(existsSync(join(folder, 'ran'))).toBe(false);
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
    // A module config naming no module: its old record vouched for all it runs.
    const plain = clone({ 'loadout.config.mjs': 'export default { limit: 1 };\n' });
    legacy(join(plain, 'loadout.config.mjs'));
    expect((await loadout(plain, ['search', 'weather', '--catalog', 'tools.json'])).code).toBe(0);
  });

  it('refuses to trust a file that is not a config (exit 2, invalid-option); a module the JSON config names trusts that config', async () => {
    const folder = clone({ ...trial, 'tools.jsonl': '{"name":"get_forecast","description":"Weather forecast"}\n' });
    const records = (): number => (existsSync(join(home, 'trust')) ? readdirSync(join(home, 'trust')).length : 0);
    const before = records();
    const data = await loadout(folder, ['trust', 'tools.jsonl']);
    expect(data).toMatchObject({ code: 2, stdout: '' });
    expect(data.stderr).toMatch(/^loadout trust: .*tools\.jsonl is not a config \(loadout\.config\.json \| .*\) nor a module the folder's loadout\.config\.json names: .*\[invalid-option\]\n$/);
    expect(records()).toBe(before);
    expect((await loadout(folder, ['search', 'weather'])).stderr).toContain('[config-untrusted]');
    const module = await loadout(folder, ['trust', 'team-mods.mjs']);
    expect(module.code).toBe(0);
    expect(module.stdout).toMatch(/^trusted .*loadout\.config\.json /);
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
  });

  it('lists a package the config names by name as not pinned', async () => {
    const folder = clone({ 'loadout.config.json': JSON.stringify({ plugins: ['@acme/loadout-mods', './team-mods.mjs'] }), 'team-mods.mjs': TEAM_MODS });
    const trusted = await loadout(folder, ['trust']);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(/\n {2}pinned .*team-mods\.mjs \(plugins\[1\], sha256 [0-9a-f]{12}…\)\n {2}not pinned: @acme\/loadout-mods \(plugins\[0\]\), a package resolved from node_modules\n$/);
  });
});
