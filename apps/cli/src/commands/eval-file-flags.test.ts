import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// The trial (decision 3444): eval --feedback postgres://u:secretpw@… printed the password ("no such file: postgres://u:secretpw@…"),
// in the message and in --json's details.path; so did every other flag that takes a file.

const tiny = fileURLToPath(new URL('../../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));
const tools = `${tiny}tools.jsonl`;
const queries = `${tiny}queries.dev.jsonl`;

async function evalWith(argv: readonly string[]) {
  const run = fakeContext();
  const code = await runCli(['eval', ...argv], run.context);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('loadout eval never shows a URL\'s password', () => {
  it('reads --feedback postgres://… as the store search --feedback names; one that cannot be reached is store-unavailable, masked, in text and --json', async () => {
    const url = 'postgres://u:secretpw@127.0.0.1:1/x';
    const text = await evalWith(['--tools', tools, '--queries', queries, '--feedback', url]);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/^loadout eval: the feedback store postgres:\/\/\*\*\*@127\.0\.0\.1:1\/x is unavailable: .*\[store-unavailable\]\n$/);
    const json = await evalWith(['--tools', tools, '--queries', queries, '--feedback', url, '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'store-unavailable', details: { location: 'postgres://***@127.0.0.1:1/x' } } });
    expect(text.stderr + json.stdout + json.stderr).not.toContain('secretpw');
  }, 30_000);

  it.each([
    [['--tools', 'https://u:secretpw@h/tools.json?token=abc', '--queries', queries], '--tools takes a file, not a URL (got https://***@h/tools.json?token=***): give a file path'],
    [['--catalog', 'https://u:secretpw@h/tools.json', '--queries', queries], '--catalog takes a file, not a URL (got https://***@h/tools.json)'],
    [['--tools', tools, '--queries', 'https://u:secretpw@h/q.jsonl'], '--queries takes a file, not a URL (got https://***@h/q.jsonl)'],
    [['--tools', tools, '--queries', queries, '--report', 'http://u:secretpw@h/r.html'], '--report takes a file, not a URL (got http://***@h/r.html)'],
    [['--config', 'http://u:secretpw@h/loadout.config.json'], '--config takes a file, not a URL (got http://***@h/loadout.config.json)'],
    [['--tools', tools, '--queries', queries, '--feedback', 'mysql://u:secretpw@h/db'], '--feedback mysql://***@h/db is not a supported feedback store'],
  ])('%j: invalid-option, masked, before anything is read', async (argv, message) => {
    for (const json of [false, true]) {
      const run = await evalWith([...argv, ...(json ? ['--json'] : [])]);
      expect(run.code).toBe(2);
      const said = json ? (JSON.parse(run.stdout) as { error: { code: string; message: string } }).error : { code: /\[([a-z-]+)\]\n$/.exec(run.stderr)?.[1], message: run.stderr };
      expect(said.code).toBe('invalid-option');
      expect(said.message).toContain(message);
      expect(run.stdout + run.stderr).not.toMatch(/secretpw|abc/);
    }
  });
});
