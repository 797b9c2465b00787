import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `pnpm start` links `loadout` into npm's global bin (tooling/link-cli.mjs); here npm's
// prefix points at a scratch folder, so the real global folder is never touched.

const root = fileURLToPath(new URL('../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'loadout-link-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const prefix = join(scratch, 'prefix');
const elsewhere = join(scratch, 'elsewhere');
mkdirSync(elsewhere);
const env = { ...process.env, npm_config_prefix: prefix, NPM_CONFIG_PREFIX: prefix, PATH: `${join(prefix, 'bin')}${delimiter}${process.env['PATH'] ?? ''}` };

function linkCli() {
  return spawnSync(process.execPath, [join(root, 'tooling/link-cli.mjs')], { cwd: root, env, encoding: 'utf8' });
}

describe.runIf(process.platform !== 'win32')('link-cli (loadout on PATH after pnpm start)', () => {
  it('links npm\'s global bin to the built CLI, so `loadout --version` works in any folder', () => {
    const first = linkCli();
    expect(first.status).toBe(0);
    expect(first.stderr).toContain(`linked ${join(prefix, 'bin', 'loadout')}`);
    expect(readlinkSync(join(prefix, 'bin', 'loadout'))).toBe(join(root, 'apps/cli/dist/main.js'));
    const version = spawnSync('loadout', ['--version'], { cwd: elsewhere, env, encoding: 'utf8' });
    expect(version.status).toBe(0);
    expect(version.stdout).toBe('0.1.0\n');
    writeFileSync(join(elsewhere, 'tools.json'), JSON.stringify([{ name: 'get_weather', server: 'weather', description: 'Current weather for a city' }]));
    const search = spawnSync('loadout', ['search', 'weather', '--catalog', './tools.json', '--json'], { cwd: elsewhere, env, encoding: 'utf8' });
    expect(search.status).toBe(0);
    expect(JSON.parse(search.stdout).hits[0].tool).toBe('mcp__weather__get_weather');
  });

  it('is quiet and idempotent when already linked, and leaves a foreign file alone', () => {
    const again = linkCli();
    expect(again.status).toBe(0);
    expect(again.stderr).toBe('');
    const path = join(prefix, 'bin', 'loadout');
    rmSync(path);
    writeFileSync(path, '#!/bin/sh\necho other\n');
    const foreign = linkCli();
    expect(foreign.status).toBe(0);
    expect(foreign.stderr).toContain('is not a link; left it alone');
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
  });
});

describe('pnpm --silent loadout runs in the caller\'s folder (INIT_CWD)', () => {
  it('pnpm --dir REPO --silent loadout search weather --catalog ./tools.json finds the tool from another folder', () => {
    writeFileSync(join(elsewhere, 'tools.json'), JSON.stringify([{ name: 'get_weather', server: 'weather', description: 'Current weather for a city' }]));
    const run = spawnSync('pnpm', ['--dir', root, '--silent', 'loadout', 'search', 'weather', '--catalog', './tools.json'], { cwd: elsewhere, env: process.env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('mcp__weather__get_weather');
  });

  it('finds ./loadout.config.json in the caller\'s folder', () => {
    const folder = join(scratch, 'configured');
    mkdirSync(folder);
    writeFileSync(join(folder, 'tools.json'), JSON.stringify([{ name: 'send_email', server: 'mail', description: 'Send an email' }]));
    writeFileSync(join(folder, 'loadout.config.json'), JSON.stringify({ catalog: 'tools.json' }));
    const run = spawnSync('pnpm', ['--dir', root, '--silent', 'loadout', 'search', 'email', '--json'], { cwd: folder, env: process.env, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).hits[0].tool).toBe('mcp__mail__send_email');
  });
});
