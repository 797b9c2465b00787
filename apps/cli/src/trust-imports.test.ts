import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Decision 3469, as a user meets it: a trusted folder whose plug-in module
// imports local files (./helpers.mjs). `loadout trust` pins them with the
// module; an edit to one, or a local file imported that was not pinned, is
// refused (exit 2, config-untrusted, naming the file) before any of its code
// runs: each file counts its runs in a file of the folder.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'loadout-trust-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const home = join(root, 'config-home');

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function loadout(cwd: string, args: readonly string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [main, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', LOADOUT_CONFIG_HOME: home } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

let count = 0;
function folderWith(files: Record<string, string>): string {
  const folder = join(root, `folder-${count++}`);
  mkdirSync(folder);
  const tools = JSON.stringify([{ name: 'get_forecast', description: 'Weather forecast' }]);
  for (const [name, text] of Object.entries({ ...files, 'tools.json': tools })) writeFileSync(join(folder, name), text);
  return folder;
}

/** The lines the folder's code appended to `runs` (`helpers v1`, …): what ran. */
function runs(folder: string): string[] {
  const path = join(folder, 'runs');
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n') : [];
}

/** A module that appends `line` to the folder's `runs` when it is evaluated. */
const counting = (line: string): string => `import { appendFileSync } from 'node:fs';\nappendFileSync(new URL('./runs', import.meta.url), ${JSON.stringify(`${line}\n`)});\n`;

// The ranker imports ./helpers.mjs statically, and whatever ./extra.txt names with a computed import() (none when empty).
const RANKER = `import { score } from './helpers.mjs';
import { readFileSync } from 'node:fs';
const extra = readFileSync(new URL('./extra.txt', import.meta.url), 'utf8').trim();
if (extra !== '') await import(extra);
export default { specificationVersion: 'v1', name: 'mine', queryKind: 'keywords', create: () => ({ specificationVersion: 'v1', name: 'mine', size: score(), index() {}, add() {}, remove() {}, search: () => [] }) };
`;
const HELPERS = `${counting('helpers v1')}import { deep } from './deep.mjs';\nexport const score = () => deep;\n`;
const javaScript = {
  'loadout.config.json': JSON.stringify({ catalog: 'tools.json', ranker: 'mine', rankers: { mine: './ranker.mjs' } }),
  'ranker.mjs': RANKER,
  'helpers.mjs': HELPERS,
  'deep.mjs': 'export const deep = 0;\n',
  'extra.txt': '',
};

const UNTRUSTED = /\[config-untrusted\]\n$/;

describe('a trusted plug-in module imports local files', () => {
  it('trust pins them; an edited helpers.mjs is refused, naming it, and its edit never runs; trusted again, it runs', async () => {
    const folder = folderWith(javaScript);
    const trusted = await loadout(folder, ['trust']);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(/\n {2}pinned .*ranker\.mjs \(rankers\.mine, sha256 [0-9a-f]{12}…\)\n {4}pinned .*deep\.mjs \(imported by rankers\.mine, sha256 [0-9a-f]{12}…\)\n {4}pinned .*helpers\.mjs \(imported by rankers\.mine, sha256 [0-9a-f]{12}…\)\n$/);
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
    expect(runs(folder)).toEqual(['helpers v1']);
    writeFileSync(join(folder, 'helpers.mjs'), HELPERS.replace('helpers v1', 'helpers v2'));
    const refused = await loadout(folder, ['search', 'weather']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is not trusted \(.*helpers\.mjs, which .*ranker\.mjs \(rankers\.mine\) imports, changed since it was trusted\): .*run `loadout trust`/);
    expect(refused.stderr).toMatch(UNTRUSTED);
    expect(runs(folder)).toEqual(['helpers v1']);
    // An import of an import counts as much.
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
    expect(runs(folder)).toEqual(['helpers v1', 'helpers v2']);
    appendFileSync(join(folder, 'deep.mjs'), '// edited\n');
    expect((await loadout(folder, ['search', 'weather'])).stderr).toMatch(/\(.*deep\.mjs, which .*ranker\.mjs \(rankers\.mine\) imports, changed since it was trusted\)/);
    expect(runs(folder)).toEqual(['helpers v1', 'helpers v2']);
  });

  it('a TypeScript plug-in importing a TypeScript helper: the same', async () => {
    const folder = folderWith({
      'package.json': '{ "type": "module" }',
      'loadout.config.json': JSON.stringify({ catalog: 'tools.json', ranker: 'mine', rankers: { mine: './ranker.ts' } }),
      'ranker.ts': "import { score } from './helper.ts';\nexport default { specificationVersion: 'v1', name: 'mine', queryKind: 'keywords', create: () => ({ specificationVersion: 'v1', name: 'mine', size: score(), index() {}, add() {}, remove() {}, search: () => [] }) } as const;\n",
      'helper.ts': `${counting('helper v1')}export const score = (): number => 0;\n`,
    });
    expect((await loadout(folder, ['trust'])).stdout).toMatch(/\n {4}pinned .*helper\.ts \(imported by rankers\.mine, sha256 [0-9a-f]{12}…\)\n$/);
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
    writeFileSync(join(folder, 'helper.ts'), `${counting('helper v2')}export const score = (): number => 0;\n`);
    const refused = await loadout(folder, ['search', 'weather']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/\(.*helper\.ts, which .*ranker\.ts \(rankers\.mine\) imports, changed since it was trusted\)/);
    expect(refused.stderr).toMatch(UNTRUSTED);
    expect(runs(folder)).toEqual(['helper v1']);
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
    expect(runs(folder)).toEqual(['helper v1', 'helper v2']);
  });

  it('a local file imported that trust did not pin (a computed import() added since) is refused, naming it, and never runs', async () => {
    const folder = folderWith({ ...javaScript, 'extra.mjs': counting('extra') });
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    // No file of the folder changes: the module's computed import names another file.
    writeFileSync(join(folder, 'extra.txt'), './extra.mjs');
    const refused = await loadout(folder, ['search', 'weather']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/: .*extra\.mjs was not loaded: ranker "mine" imports it, and `loadout trust` did not pin it .*\[config-untrusted\]\n$/);
    expect(runs(folder)).not.toContain('extra');
    // Trusting again does not pin what it cannot see: still refused.
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    expect((await loadout(folder, ['search', 'weather'])).stderr).toMatch(/extra\.mjs was not loaded: .*\[config-untrusted\]\n$/);
    expect(runs(folder)).not.toContain('extra');
    // Named with --config, nothing is trusted or confined: it loads as asked.
    expect((await loadout(folder, ['search', 'weather', '--config', 'loadout.config.json'])).code).toBe(0);
    expect(runs(folder)).toContain('extra');
  });

  it.each([
    ['its file: URL', (path: string) => pathToFileURL(path).href],
    ['its absolute path', (path: string) => path],
  ])('a local file imported by %s that trust did not pin is refused the same way', async (_label, name) => {
    const folder = folderWith({ ...javaScript, 'extra.mjs': counting('extra') });
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    writeFileSync(join(folder, 'extra.txt'), name(join(folder, 'extra.mjs')));
    const refused = await loadout(folder, ['search', 'weather']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/extra\.mjs was not loaded: .*\[config-untrusted\]\n$/);
    expect(runs(folder)).not.toContain('extra');
  });

  it('a mod file: an unpinned local import is refused the same way', async () => {
    const folder = folderWith({
      'loadout.config.json': JSON.stringify({ catalog: 'tools.json', plugins: ['./mods.mjs'] }),
      'mods.mjs': "import { readFileSync } from 'node:fs';\nawait import(readFileSync(new URL('./extra.txt', import.meta.url), 'utf8').trim());\nexport default { name: 'team', hooks: {} };\n",
      'extra.txt': './ok.mjs',
      'ok.mjs': counting('ok'),
      'evil.mjs': counting('evil'),
    });
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    writeFileSync(join(folder, 'extra.txt'), './evil.mjs');
    const refused = await loadout(folder, ['search', 'weather']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/evil\.mjs was not loaded: mod file imports it, and `loadout trust` did not pin it .*\[config-untrusted\]\n$/);
    expect(runs(folder)).toEqual([]);
  });

  it('a record written before imports were pinned still loads a plug-in without local imports; one with them is refused until trusted again', async () => {
    const records = join(home, 'trust');
    mkdirSync(records, { recursive: true });
    /** Writes the record an earlier `loadout trust` (format 2 without `imports`) wrote for the folder's config and ranker. */
    const older = (folder: string, ranker: string): void => {
      const digest = (name: string): string => createHash('sha256').update(readFileSync(join(folder, name))).digest('hex');
      const path = join(folder, 'loadout.config.json');
      const record = { version: 2, path, sha256: digest('loadout.config.json'), modules: [{ key: 'rankers.mine', path: join(folder, ranker), sha256: digest(ranker) }] };
      writeFileSync(join(records, createHash('sha256').update(`${path}\n${record.sha256}`).digest('hex')), `${JSON.stringify(record)}\n`);
    };
    const alone = folderWith({
      'loadout.config.json': JSON.stringify({ catalog: 'tools.json', ranker: 'mine', rankers: { mine: './ranker.mjs' } }),
      'ranker.mjs': `${counting('alone')}export default { specificationVersion: 'v1', name: 'mine', queryKind: 'keywords', create: () => ({ specificationVersion: 'v1', name: 'mine', size: 0, index() {}, add() {}, remove() {}, search: () => [] }) };\n`,
    });
    older(alone, 'ranker.mjs');
    expect((await loadout(alone, ['search', 'weather'])).code).toBe(0);
    expect(runs(alone)).toEqual(['alone']);
    const importing = folderWith(javaScript);
    older(importing, 'ranker.mjs');
    const refused = await loadout(importing, ['search', 'weather']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/helpers\.mjs was not loaded: ranker "mine" imports it, and `loadout trust` did not pin it .*\[config-untrusted\]\n$/);
    expect(runs(importing)).toEqual([]);
    expect((await loadout(importing, ['trust'])).code).toBe(0);
    expect((await loadout(importing, ['search', 'weather'])).code).toBe(0);
    expect(runs(importing)).toEqual(['helpers v1']);
    expect(readdirSync(records).length).toBeGreaterThan(0);
  });

  it('a module whose imports cannot be listed is pinned alone, with a warning; it does not load, the config\'s other rankers do', async () => {
    const folder = folderWith({
      ...javaScript,
      'loadout.config.json': JSON.stringify({ catalog: 'tools.json', ranker: 'good', rankers: { mine: './ranker.mjs', good: './good.mjs' } }),
      'good.mjs': `${counting('good')}export default { specificationVersion: 'v1', name: 'good', queryKind: 'keywords', create: () => ({ specificationVersion: 'v1', name: 'good', size: 0, index() {}, add() {}, remove() {}, search: () => [] }) };\n`,
      'helpers.mjs': "import { gone } from './gone.mjs';\nexport const score = () => gone;\n",
    });
    const trusted = await loadout(folder, ['trust']);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(/\n {2}warning: rankers\.mine: cannot list the local files the plug-in modules import: \/.*helpers\.mjs:1:\d+: Could not resolve "\.\/gone\.mjs" \[plugin-load-failed\]; it cannot load until fixed, then run loadout trust again\n/);
    expect((await loadout(folder, ['search', 'weather'])).code).toBe(0);
    expect(runs(folder)).toEqual(['good']);
    const broken = await loadout(folder, ['search', 'weather', '--ranker', 'mine']);
    expect(broken.code).toBe(2);
    expect(runs(folder)).toEqual(['good']);
  });
});
