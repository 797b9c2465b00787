import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { runCli } from '../run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-command-config-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'default.json'), JSON.stringify({ rankerOptions: { k1: 1.5 } }));
writeFileSync(join(folder, 'chosen.json'), JSON.stringify({ ranker: 'rerank', rankerOptions: { k1: 1.5 } }));

const stderrOf = async (argv: readonly string[]): Promise<string> => {
  const run = fakeContext({ cwd: folder });
  expect(await runCli([...argv], run.context)).toBe(0);
  return run.stderr();
};

// Trial-plugins item 17: the config's rankerOptions were silently not used when --ranker picked another ranker.
describe("the config's rankerOptions when --ranker picks another ranker", () => {
  it('are said to be unused, naming the ranker they are for', async () => {
    expect(await stderrOf(['search', 'weather', '--ranker', 'regex', '--config', 'default.json'])).toBe(
      'loadout search: warning: the config\'s rankerOptions are for its ranker "bm25f": --ranker regex runs with its default options\n',
    );
    expect(await stderrOf(['search', 'weather', '--ranker', 'bm25f', '--config', 'chosen.json'])).toBe(
      'loadout search: warning: the config\'s rankerOptions are for its ranker "rerank": --ranker bm25f runs with its default options\n',
    );
  });

  it('say nothing when the options reach their ranker: no --ranker, or --ranker naming it', async () => {
    expect(await stderrOf(['search', 'weather', '--config', 'default.json'])).toBe('');
    expect(await stderrOf(['search', 'weather', '--ranker', 'bm25f', '--config', 'default.json'])).toBe('');
    expect(await stderrOf(['search', 'weather', '--ranker', 'regex', '--no-config'])).toBe('');
  });
});
