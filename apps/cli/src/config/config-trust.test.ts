import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertTrusted, recordTrust, revokeTrust } from './config-trust.js';

const root = mkdtempSync(join(tmpdir(), 'loadout-trust-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('recordTrust', () => {
  it('replaces a link planted at the record path, never writing through it', async () => {
    const env = { LOADOUT_CONFIG_HOME: join(root, 'home') };
    const project = join(root, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'loadout.config.json'), '{}\n');
    const first = await recordTrust(join(project, 'loadout.config.json'), env);
    const victim = join(root, 'victim.txt');
    writeFileSync(victim, 'victim\n');
    rmSync(first.file);
    symlinkSync(victim, first.file);
    const second = await recordTrust(join(project, 'loadout.config.json'), env);
    expect(second.file).toBe(first.file);
    expect(readFileSync(victim, 'utf8')).toBe('victim\n');
    expect(lstatSync(second.file).isSymbolicLink()).toBe(false);
    expect(statSync(second.file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(second.file, 'utf8'))).toMatchObject({ version: 2 });
  });
});

describe('recordTrust of a config naming modules that do not exist', () => {
  // Trial-plugins item 17: `loadout trust` pinned them as absent ("it must stay absent"), exit 0; the config then never loaded.
  it('refuses it with plugin-not-found naming each missing key and file, and records nothing (an earlier record stays)', async () => {
    const env = { LOADOUT_CONFIG_HOME: join(root, 'home-missing') };
    const project = join(root, 'missing-modules');
    mkdirSync(project);
    writeFileSync(join(project, 'r.mjs'), 'export default {};\n');
    const path = join(project, 'loadout.config.json');
    writeFileSync(path, '{ "rankers": { "mine": "./r.mjs" } }\n');
    await recordTrust(path, env);
    const before = readdirSync(join(root, 'home-missing', 'trust'));
    writeFileSync(path, '{ "rankers": { "mine": "./r.mjs", "gone": "./gone.mjs" }, "plugins": ["./also-gone.mjs", "@acme/not-pinned"] }\n');
    const error = await recordTrust(path, env).then(() => undefined, (caught: Error) => caught);
    expect(error).toMatchObject({
      code: 'plugin-not-found',
      message:
        `${path}: rankers.gone: no such file ${join(project, 'gone.mjs')} (got "./gone.mjs"); plugins[0]: no such file ${join(project, 'also-gone.mjs')} (got "./also-gone.mjs"): ` +
        'create them or fix the config, then run loadout trust again (nothing was recorded)',
      details: { path, key: 'rankers.gone' },
    });
    expect(readdirSync(join(root, 'home-missing', 'trust'))).toEqual(before);
  });
});

describe('recordTrust of a config naming a folder', () => {
  // Trial-plugins item 13 (decision 3449): `loadout trust` said "cannot read …/dirmod: EISDIR".
  it('refuses it, naming the key and the file to name instead', async () => {
    const project = join(root, 'folder-plug-in');
    mkdirSync(join(project, 'dirmod'), { recursive: true });
    writeFileSync(join(project, 'dirmod', 'index.mjs'), 'export default [];\n');
    writeFileSync(join(project, 'loadout.config.json'), '{ "plugins": ["./dirmod"] }\n');
    const error = await recordTrust(join(project, 'loadout.config.json'), { LOADOUT_CONFIG_HOME: join(root, 'home-folder') }).then(() => undefined, (caught: Error) => caught);
    expect(error).toMatchObject({ code: 'file-unreadable', message: `${join(project, 'loadout.config.json')}: plugins[0]: ${join(project, 'dirmod')} is a folder, not a module file: name "./dirmod/index.mjs" (got "./dirmod")` });
  });
});

describe('assertTrusted', () => {
  it('says a trusted config changed since it was trusted, and only then', async () => {
    const env = { LOADOUT_CONFIG_HOME: join(root, 'home-edited') };
    const project = join(root, 'edited');
    mkdirSync(project);
    const path = join(project, 'loadout.config.json');
    const config = (ranker: string) => ({ rankers: { mine: './r.mjs' }, ranker });
    writeFileSync(join(project, 'r.mjs'), 'export default {};\n');
    writeFileSync(path, JSON.stringify(config('bm25f')));
    const refusal = () => assertTrusted(path, config('mine'), env).then(() => undefined, (error: Error) => error.message);
    expect(await refusal()).toMatch(/ and is not trusted: /);
    await recordTrust(path, env);
    await expect(assertTrusted(path, config('bm25f'), env)).resolves.toBeDefined();
    writeFileSync(path, JSON.stringify(config('mine')));
    expect(await refusal()).toMatch(/ and is not trusted \(it changed since it was trusted\): /);
  });
});

describe('one record per config', () => {
  const setUp = (name: string) => {
    const env = { LOADOUT_CONFIG_HOME: join(root, `home-${name}`) };
    const project = join(root, name);
    mkdirSync(project);
    writeFileSync(join(project, 'r.mjs'), 'export default {};\n');
    const path = join(project, 'loadout.config.json');
    const value = (ranker: string) => ({ rankers: { mine: './r.mjs' }, ranker });
    const write = (ranker: string) => writeFileSync(path, JSON.stringify(value(ranker)));
    const refusal = (ranker: string) => assertTrusted(path, value(ranker), env).then(() => undefined, (error: Error) => error.message);
    return { env, path, write, refusal, records: () => readdirSync(join(env.LOADOUT_CONFIG_HOME, 'trust')) };
  };

  it('trusting new content replaces the record of the old: restoring the old content is refused until trusted again', async () => {
    const { env, path, write, refusal, records } = setUp('restored');
    write('bm25f');
    expect((await recordTrust(path, env)).replaced).toBe(0);
    write('mine');
    expect((await recordTrust(path, env)).replaced).toBe(1);
    expect(records()).toHaveLength(1);
    write('bm25f');
    expect(await refusal('bm25f')).toMatch(/ and is not trusted \(it changed since it was trusted\): /);
  });

  it('--revoke removes every record of the config, also once it was edited, and says how many', async () => {
    const { env, path, write, refusal, records } = setUp('revoked');
    write('bm25f');
    const old = await recordTrust(path, env);
    // A record of earlier content left by a version that kept them all, and one of another config.
    const other = join(env.LOADOUT_CONFIG_HOME, 'trust', 'other');
    writeFileSync(other, JSON.stringify({ version: 2, path: join(root, 'elsewhere', 'loadout.config.json'), sha256: 'ab', modules: [] }));
    writeFileSync(`${old.file}-older`, JSON.stringify({ path: old.path, sha256: 'cd' }));
    write('mine');
    expect(await revokeTrust(path, env)).toBe(2);
    expect(records()).toEqual(['other']);
    write('bm25f');
    expect(await refusal('bm25f')).toMatch(/ and is not trusted: /);
    expect(await revokeTrust(path, env)).toBe(0);
  });
});
