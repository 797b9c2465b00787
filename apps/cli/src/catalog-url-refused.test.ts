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
