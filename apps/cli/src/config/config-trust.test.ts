import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertTrusted, recordTrust } from './config-trust.js';

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

describe('assertTrusted', () => {
  it('says a trusted config changed since it was trusted, and only then', async () => {
    const env = { LOADOUT_CONFIG_HOME: join(root, 'home-edited') };
    const project = join(root, 'edited');
    mkdirSync(project);
    const path = join(project, 'loadout.config.json');
    const config = (ranker: string) => ({ rankers: { mine: './r.mjs' }, ranker });
    writeFileSync(path, JSON.stringify(config('bm25f')));
    const refusal = () => assertTrusted(path, config('mine'), env).then(() => undefined, (error: Error) => error.message);
    expect(await refusal()).toMatch(/ and is not trusted: /);
    await recordTrust(path, env);
    await expect(assertTrusted(path, config('bm25f'), env)).resolves.toBeDefined();
    writeFileSync(path, JSON.stringify(config('mine')));
    expect(await refusal()).toMatch(/ and is not trusted \(it changed since it was trusted\): /);
  });
});
