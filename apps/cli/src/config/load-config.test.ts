import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { recordTrust } from './config-trust.js';
import { loadConfig } from './load-config.js';

const root = mkdtempSync(join(tmpdir(), 'loadout-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const definition = (name: string) =>
  `export default { specificationVersion: 'v1', name: ${JSON.stringify(name)}, queryKind: 'keywords', create: () => ({ specificationVersion: 'v1', name: ${JSON.stringify(name)}, size: 0, index() {}, add() {}, remove() {}, search: () => [] }) };\n`;
const mod = (name: string) => `export default { name: ${JSON.stringify(name)}, hooks: { 'tool.describe': (event, next) => next() } };\n`;

// The user's configuration folder for trust records; every config these cases write is trusted (the gate has its own tests).
const env = { LOADOUT_CONFIG_HOME: join(root, 'home') };

let count = 0;
async function folder(files: Record<string, string>): Promise<string> {
  const path = join(root, `case-${count++}`);
  mkdirSync(path, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(path, name)), { recursive: true });
    writeFileSync(join(path, name), text);
  }
  // Trusted once every file is written (the record pins the modules too). A config that cannot be
  // read or run cannot be trusted: those cases test the load's own error, which the trust refusal precedes.
  for (const name of Object.keys(files)) if (name.startsWith('loadout.config.')) await recordTrust(join(path, name), env).catch(() => undefined);
  return path;
}

async function failure(cwd: string, explicit?: string): Promise<{ code: string; message: string }> {
  const error = await loadConfig(explicit, cwd, undefined, { env }).then(() => undefined, (caught: unknown) => caught);
  if (!isLoadoutError(error)) throw new Error(`expected a LoadoutError, got ${String(error)}`);
  return error;
}

describe('loadConfig', () => {
  it('reads every key, resolves paths against the config folder and registers rankers and mods', async () => {
    const cwd = await folder({
      'loadout.config.mjs': `export default { ranker: 'mine', rankerOptions: {}, rankers: { mine: './plugins/mine.mjs' }, plugins: ['./plugins/mods.mjs'],
        mods: [{ plugin: 'defer', rules: [{ server: 'github', isDeferred: true }] }], catalog: 'tools.json', limit: 3, mcpServers: { a: { command: 'x' } } };`,
      'plugins/mine.mjs': definition('mine'),
      'plugins/mods.mjs': `export default [${mod('one').replace('export default ', '').trim().replace(/;$/, '')}, { name: 'two', hooks: {} }];`,
    });
    const config = await loadConfig(undefined, cwd, undefined, { env });
    expect(config.path).toBe(join(cwd, 'loadout.config.mjs'));
    expect(config.catalog).toBe(join(cwd, 'tools.json'));
    expect(config.limit).toBe(3);
    expect(config.registry.hasRanker('mine')).toBe(true);
    expect(config.registry.hasRanker('bm25f')).toBe(true);
    expect(config.registry.mods.map((item) => item.name)).toEqual(['one', 'two']);
    expect(config.mods).toHaveLength(1);
    expect(config.mcpServers).toEqual({ a: { command: 'x' } });
  });

  it('loads a .ts config and .ts plug-ins in a CommonJS folder', async () => {
    const cwd = await folder({
      'package.json': '{ "type": "commonjs" }',
      'loadout.config.ts': `const config: { ranker: string; rankers: Record<string, string> } = { ranker: 'typed', rankers: { typed: './typed.ts' } };\nexport default config;\n`,
      'typed.ts': definition('typed'),
    });
    const config = await loadConfig(undefined, cwd, undefined, { env });
    expect(config.ranker).toBe('typed');
    expect(config.registry.ranker('typed').name).toBe('typed');
  });

  it('is empty without a config file, and never looks outside the working folder', async () => {
    const parent = await folder({ 'loadout.config.mjs': 'throw new Error("must not run")' });
    const child = join(parent, 'child');
    mkdirSync(child);
    const config = await loadConfig(undefined, child, undefined, { env });
    expect(config.path).toBeUndefined();
    expect(config.registry.defaultRanker).toBe('bm25f');
  });

  it.each<[string, Record<string, string>, string, RegExp]>([
    ['an unknown key (with the nearest one)', { 'loadout.config.json': '{ "rankr": "bm25f" }' }, 'config-unknown-key', /loadout\.config\.json: unknown key "rankr"; did you mean "ranker"\?/],
    ['a wrong type', { 'loadout.config.json': '{ "limit": 0 }' }, 'config-invalid', /loadout\.config\.json: limit: must be an integer from 1 to 100 \(got 0\)/],
    ['an unknown ranker', { 'loadout.config.json': '{ "ranker": "bm25g" }' }, 'unknown-ranker', /loadout\.config\.json: ranker: unknown ranker "bm25g"; valid names: .*; did you mean "bm25f"\?/],
    ['a package that is not installed', { 'loadout.config.json': '{ "plugins": ["@acme/loadout-mods"] }' }, 'plugin-not-found', /plugins\[0\]: cannot find the package .*\(got "@acme\/loadout-mods"\)/],
    ['a default export that is not a definition', { 'loadout.config.json': '{ "rankers": { "bad": "./bad.mjs" } }', 'bad.mjs': 'export default { name: "bad" };' }, 'ranker-invalid', /rankers\.bad \(.*bad\.mjs\): its default export: not a ranker definition: specificationVersion must be "v1"/],
    ['a definition named otherwise', { 'loadout.config.json': '{ "rankers": { "mine": "./other.mjs" } }', 'other.mjs': definition('other') }, 'ranker-invalid', /rankers\.mine: .*defines the ranker "other", not "mine"/],
    ['a default export that is not a mod', { 'loadout.config.json': '{ "plugins": ["./bad.mjs"] }', 'bad.mjs': 'export default { name: "x", hooks: { "tool.render": () => 1 } };' }, 'mod-invalid', /plugins\[0\] \(.*bad\.mjs\): .*unknown hook "tool\.render"/],
    // Trial-embed item 4 (decision 3438): these said "mod a function is not an object" and "is not an object (got undefined)".
    ['a mod file whose default export is a function', { 'loadout.config.json': '{ "plugins": ["./fn.mjs"] }', 'fn.mjs': 'export default function mod() {}' }, 'mod-invalid', /plugins\[0\] \(.*fn\.mjs\): its default export must be a mod \(an object \{ name, hooks \}\) or an array of mods, got a function$/],
    ['a mod file in an array of mods that is not one', { 'loadout.config.json': '{ "plugins": ["./list.mjs"] }', 'list.mjs': `export default [${mod('a').replace('export default ', '').replace(/;\s*$/, '')}, 'b'];` }, 'mod-invalid', /plugins\[0\] \(.*list\.mjs\): item 2 of its default export must be a mod \(an object \{ name, hooks \}\), got "b"$/],
    ['a mod file with no default export', { 'loadout.config.json': '{ "plugins": ["./named.mjs"] }', 'named.mjs': 'export const mod = { name: "x", hooks: {} };' }, 'mod-invalid', /plugins\[0\] \(.*named\.mjs\): it has no default export: a mod file must `export default` a mod \{ name, hooks \} or an array of mods$/],
    ['a ranker module with no default export', { 'loadout.config.json': '{ "rankers": { "named": "./named.mjs" } }', 'named.mjs': `export const ranker = ${definition('named').replace('export default ', '')}` }, 'ranker-invalid', /rankers\.named \(.*named\.mjs\): it has no default export: a ranker module must `export default` its definition \{ specificationVersion: 'v1', name, queryKind, create \}$/],
    ['a mod module that throws', { 'loadout.config.json': '{ "plugins": ["./throws.mjs"] }', 'throws.mjs': 'throw new Error("no credentials");' }, 'plugin-load-failed', /plugins\[0\]: .*throws\.mjs threw while loading: no credentials/],
    ['two plug-ins with one name', { 'loadout.config.json': '{ "plugins": ["./a.mjs", "./b.mjs"] }', 'a.mjs': mod('team'), 'b.mjs': mod('team') }, 'plugin-duplicate', /plugins\[1\]: .*b\.mjs and .*a\.mjs both define a mod named "team"/],
    ['a ranker named like a built-in', { 'loadout.config.json': '{ "rankers": { "bm25f": "./mine.mjs" } }', 'mine.mjs': definition('bm25f') }, 'plugin-duplicate', /rankers\.bm25f: "bm25f" is a built-in ranker's name: give yours a name of its own \(its key here, and its definition's name\)$/],
    // Trial-plugins item 17 (decision 3449): "two rankers are named bm25f", though the module defines "bad".
    ['a ranker keyed like a built-in, defining another name', { 'loadout.config.json': '{ "rankers": { "bm25f": "./bad.mjs" } }', 'bad.mjs': definition('bad') }, 'plugin-duplicate', /rankers\.bm25f: "bm25f" is a built-in ranker's name/],
    // It was "dupsame.mjs and dupsame.mjs both define a mod named "d"".
    ['one mod file defining a name twice', { 'loadout.config.json': '{ "plugins": ["./twice.mjs"] }', 'twice.mjs': `export default [${mod('d').replace('export default ', '').replace(/;\s*$/, '')}, ${mod('d').replace('export default ', '').replace(/;\s*$/, '')}];` }, 'plugin-duplicate', /plugins\[0\]: .*twice\.mjs defines two mods named "d"$/],
    // It was "plugins: must be an array … (got an array of 1 item)".
    ['a plug-in that is not a path', { 'loadout.config.json': '{ "plugins": ["./a.mjs", 42] }', 'a.mjs': mod('a') }, 'config-invalid', /loadout\.config\.json: plugins\[1\]: must be a module path or package name \(got 42\)$/],
    // Decision 3451: these were config-invalid here and mod-invalid from modFromRules; "name", "options" and a rule {} were not named.
    ['a malformed declarative mod', { 'loadout.config.json': '{ "mods": [{ "rules": [] }] }' }, 'mod-invalid', /mods\[0\]: a declarative mod: plugin \(its name\) must be a non-empty string, got undefined$/],
    ['a declarative mod named by "name"', { 'loadout.config.json': '{ "mods": [{ "name": "p", "rules": [] }] }' }, 'mod-invalid', /mods\[0\]: a declarative mod: unknown key "name"; did you mean "plugin"\?/],
    ['options on a mod entry', { 'loadout.config.json': '{ "plugins": ["./a.mjs"], "mods": [{ "plugin": "team", "rules": [], "options": { "level": 2 } }] }', 'a.mjs': mod('team') }, 'mod-invalid', /mods\[0\]: mod "team": unknown key "options"; a mod takes no options/],
    ['a rule that does nothing', { 'loadout.config.json': '{ "mods": [{ "plugin": "p", "rules": [{}] }] }' }, 'mod-invalid', /mods\[0\]: mod "p": rule 0 \{\} does nothing: it sets neither isDeferred nor description$/],
    ['a plug-in with options', { 'loadout.config.json': '{ "plugins": [{ "module": "./a.mjs", "options": { "level": 2 } }] }' }, 'config-invalid', /plugins\[0\]: must be a module path or package name, not an object: a mod file takes no options/],
    ['a declarative mod named like a plug-in mod', { 'loadout.config.json': '{ "plugins": ["./a.mjs"], "mods": [{ "plugin": "team", "rules": [{ "isDeferred": false }] }] }', 'a.mjs': mod('team') }, 'plugin-duplicate', /mods\[0\]: two mods are named "team": this declarative mod and a mod of a "plugins" file$/],
    ['a config that is not JSON', { 'loadout.config.json': '{ ranker: ' }, 'config-invalid', /loadout\.config\.json: invalid JSON at line 1, column/],
    // Decision 3444: read as a path it was "no such file: …/https:/u:secretpw@h/tools.json".
    ['a catalog that is a URL, its password masked', { 'loadout.config.json': '{ "catalog": "https://u:secretpw@h/tools.json" }' }, 'config-invalid', /loadout\.config\.json: catalog: must be a file path, not a URL \(got https:\/\/\*\*\*@h\/tools\.json\)$/],
  ])('rejects %s with a stable code naming the file, key and value', async (_, files, code, message) => {
    const error = await failure(await folder(files));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  // A folder's config naming a missing module cannot be trusted (loadout trust refuses it): this is --config's error.
  it('rejects a module that does not exist with plugin-not-found naming the file, key and value', async () => {
    const error = await failure(await folder({ 'loadout.config.json': '{ "rankers": { "gone": "./gone.mjs" } }' }), 'loadout.config.json');
    expect(error.code).toBe('plugin-not-found');
    expect(error.message).toMatch(/rankers\.gone: no such file .*gone\.mjs \(got "\.\/gone\.mjs"\)/);
  });

  // Trial-plugins item 13 (decision 3449): it was "cannot read …/dirmod: EISDIR [file-unreadable]", no key, no way out.
  it.each<[string, Record<string, string>, string]>([
    ['with a package.json', { 'dirmod/package.json': '{ "main": "./lib/mods.mjs" }', 'dirmod/lib/mods.mjs': mod('d') }, '"./dirmod/lib/mods.mjs" (its package.json "main")'],
    ['with an index module', { 'dirmod/index.js': mod('d') }, '"./dirmod/index.js"'],
    ['with neither', { 'dirmod/readme.txt': '' }, 'a .mjs, .js or .ts file in it'],
  ])('rejects a folder named as a plug-in (%s), saying which file to name', async (_, files, instead) => {
    const cwd = await folder({ 'c.json': '{ "plugins": ["./dirmod/"] }', ...files });
    const error = await failure(cwd, 'c.json');
    expect(error.code).toBe('file-unreadable');
    expect(error.message).toBe(`${join(cwd, 'c.json')}: plugins[0]: ${join(cwd, 'dirmod')} is a folder, not a module file: name ${instead} (got "./dirmod/")`);
  });

  // Trial-plugins item 17 (decision 3449): accepted silently, and "(top level): the configuration must be an object".
  it('warns of a mod file that exports no mods, and loads the others', async () => {
    const cwd = await folder({ 'loadout.config.json': '{ "plugins": ["./none.mjs", "./one.mjs"] }', 'none.mjs': 'export default [];\n', 'one.mjs': mod('one') });
    const warnings: string[] = [];
    const config = await loadConfig(undefined, cwd, (message) => warnings.push(message), { env });
    expect(config.registry.mods.map((item) => item.name)).toEqual(['one']);
    expect(warnings).toEqual([`${join(cwd, 'loadout.config.json')}: plugins[0]: ${join(cwd, 'none.mjs')} exports no mods (its default export is an empty array): it changes nothing [mod-invalid]`]);
  });

  it('rejects a module config with no default export, saying so', async () => {
    const cwd = await folder({ 'c.mjs': 'export const limit = 3;\n' });
    const error = await failure(cwd, 'c.mjs');
    expect(error.code).toBe('config-invalid');
    expect(error.message).toBe(`${join(cwd, 'c.mjs')}: it has no default export: a config module must \`export default\` the config object`);
  });

  it('reports a bad config from the command line as one line with its code, never a stack trace', async () => {
    const cwd = await folder({ 'loadout.config.json': '{ "plugins": ["./throws.mjs"] }', 'throws.mjs': 'throw new Error("boom");' });
    const run = fakeContext({ cwd, env });
    expect(await runCli(['search', 'x'], run.context)).toBe(2);
    expect(run.stderr()).toMatch(/^loadout search: .*throws\.mjs threw while loading: boom \(got "\.\/throws\.mjs"\) \[plugin-load-failed\]\n$/);
    expect(run.stderr()).not.toMatch(/\n\s+at /);
  });

  it('skips and reports a mod that throws at run time, as the library does', async () => {
    const cwd = await folder({
      'loadout.config.json': '{ "plugins": ["./flaky.mjs"] }',
      'flaky.mjs': `export default { name: 'flaky', hooks: { 'tool.describe': () => { throw new Error('flaked'); } } };`,
    });
    const run = fakeContext({ cwd, env });
    expect(await runCli(['search', 'pull request', '--json'], run.context)).toBe(0);
    expect(run.stderr()).toMatch(/mod "flaky" failed for tool .* and was skipped: flaked \[mod-failed\]/);
    expect(JSON.parse(run.stdout()).hits.length).toBeGreaterThan(0);
  });
});
