import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

// Every example of these commands' --help runs as written from an empty folder (issue 29):
// the embedded demo catalog and its demo queries make them work out of the box, offline.
const COMMANDS = ['eval', 'rankers'] as const;
const folder = mkdtempSync(join(tmpdir(), 'loadout-help-examples-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function examplesOf(command: string): Promise<string[][]> {
  const run = fakeContext({ cwd: folder });
  expect(await runCli([command, '--help'], run.context)).toBe(0);
  const section = run.stdout().split('\nExamples:\n')[1] ?? '';
  return section
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('loadout '))
    .map((line) => line.split(/\s+/).slice(1));
}

describe.each(COMMANDS)('loadout %s --help examples', (command) => {
  it('has examples, and each runs as written', async () => {
    const examples = await examplesOf(command);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const argv of examples) {
      const run = fakeContext({ cwd: folder });
      const code = await runCli(argv, run.context);
      expect({ argv, code, stderr: run.stderr() }).toMatchObject({ code: 0 });
      expect(run.stdout().length).toBeGreaterThan(0);
      if (argv.includes('--json')) expect(() => JSON.parse(run.stdout()) as unknown).not.toThrow();
    }
  }, 120_000);
});
