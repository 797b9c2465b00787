import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

const empty = mkdtempSync(join(tmpdir(), 'loadout-missing-args-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));
// A catalog that exists: one that does not is named first (file-not-found).
const tools = fileURLToPath(new URL('../../../packages/eval/src/eval-set/__fixtures__/tiny/tools.jsonl', import.meta.url));

describe('a command run without its required arguments', () => {
  it.each([
    [['learn'], 'feedback-empty', /nothing to learn from: no FILE was given and the store \S+ does not exist \(loadout learn FILE imports a log/],
    [['learn', 'a.jsonl', 'b.jsonl'], 'invalid-option', /got 2 arguments/],
    [['search'], 'query-empty', /needs a QUERY: .* e\.g\. loadout search "open a pull request" \(see loadout search --help\)/],
    [['search', '  '], 'query-empty', /needs a QUERY/],
    [['eval', '--tools', tools], 'invalid-option', /--queries FILE is required to evaluate \S+tiny\/tools\.jsonl/],
    [['eval', '--tools', 't.jsonl', '--queries', 'q.jsonl', '--feedback', 'f.jsonl', '--ranker', 'regex'], 'invalid-option', /^loadout eval: --feedback learns/],
    [['catalog'], 'invalid-option', /expected "pull", got no subcommand, e\.g\. loadout catalog pull --config/],
    [['catalog', 'pull'], 'invalid-option', /--config FILE is required/],
    [['rankers', 'foo'], 'invalid-option', /unexpected argument "foo": loadout rankers lists every ranker/],
  ])('%j says what is missing once, with its code, and names the command once', async (argv, code, words) => {
    const run = fakeContext({ cwd: empty });
    expect(await runCli(argv, run.context)).toBe(2);
    const stderr = run.stderr();
    expect(stderr).toMatch(words);
    expect(stderr).toMatch(new RegExp(`^loadout ${argv[0]}: .* \\[${code}\\]\\n$`));
    // The prefix is the CLI's: a message that names the command again reads "loadout learn: loadout learn ...".
    expect(stderr).not.toMatch(new RegExp(`^loadout ${argv[0]}: loadout ${argv[0]}`));
  });
});

describe('--help lists only the config keys a command reads', () => {
  it.each([
    ['eval', ['ranker', 'rankerOptions', 'rankers', 'plugins', 'mods', 'catalog'], ['limit', 'mcpServers']],
    ['plan', ['plugins', 'mods', 'catalog'], ['ranker', 'rankerOptions', 'rankers', 'limit', 'mcpServers']],
    ['search', ['ranker', 'rankerOptions', 'rankers', 'plugins', 'mods', 'catalog', 'limit', 'mcpServers'], []],
  ])('loadout %s --help', async (command, listed, absent) => {
    const run = fakeContext({ cwd: empty });
    expect(await runCli([command, '--help'], run.context)).toBe(0);
    const keyLines = run
      .stdout()
      .split('\n')
      .flatMap((line) => /^ {2}([a-zA-Z]+) {2,}/.exec(line)?.[1] ?? [])
      .filter((key) => [...listed, ...absent].includes(key));
    expect(keyLines).toEqual(listed);
    for (const key of absent) expect(run.stdout()).not.toMatch(new RegExp(`\\b${key}: `));
  });
});
