import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

// A URL given as --catalog was read as a path: "no such file: …/https:/u:secretpw@…", the password shown.
describe('--catalog given a URL', () => {
  it.each([
    ['search', ['search', 'weather', '--catalog']],
    ['plan', ['plan', '--catalog']],
    ['learn', ['learn', '--catalog']],
    ['index', ['index', '--out', 'x.index', '--catalog']],
  ])('%s: invalid-option naming the flag, the URL masked, exit 2', async (_, argv) => {
    const run = fakeContext();
    const code = await runCli([...argv, 'https://u:secretpw@example.com/tools.json?token=abc'], run.context);
    expect(code).toBe(2);
    expect(run.stderr()).toContain('--catalog takes a file, not a URL (got https://***@example.com/tools.json?token=***)');
    expect(run.stderr()).toContain('[invalid-option]');
    expect(run.stderr() + run.stdout()).not.toMatch(/secretpw|abc/);
  });
});

// The same for every other flag that names a file: --config, --mods and index --out printed the password too.
describe('a file flag given a URL', () => {
  it.each([
    ['search --config', ['search', 'weather', '--config'], 'config'],
    ['serve --config', ['serve', '--config'], 'config'],
    ['catalog pull --config', ['catalog', 'pull', '--out', 'x.json', '--config'], 'config'],
    ['plan --mods', ['plan', '--mods'], 'mods'],
    ['index --out', ['index', '--catalog', 'missing.json', '--out'], 'out'],
  ])('%s: invalid-option naming the flag, the URL masked, exit 2', async (_, argv, flag) => {
    const run = fakeContext();
    const code = await runCli([...argv, 'https://u:secretpw@example.com/f.json'], run.context);
    expect(code).toBe(2);
    expect(run.stderr()).toContain(`--${flag} takes a file, not a URL (got https://***@example.com/f.json)`);
    expect(run.stderr() + run.stdout()).not.toMatch(/secretpw/);
  });
});
