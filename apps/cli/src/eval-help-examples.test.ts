import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

// Every example of these commands' --help runs as written, in order, from a folder holding only
// what the help names (issue 29): the embedded demo catalog and its demo queries make them work
// out of the box, offline; learn's examples read events.jsonl, a log of the demo queries.
const COMMANDS = ['eval', 'rankers', 'learn'] as const;
const folder = mkdtempSync(join(tmpdir(), 'loadout-help-examples-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const demoQueries = readFileSync(fileURLToPath(new URL('../../../examples/demo-queries.jsonl', import.meta.url)), 'utf8');
const events = demoQueries
  .trim()
  .split('\n')
  .map((line, hour) => {
    const { query, relevant } = JSON.parse(line) as { query: string; relevant: string[] };
    return JSON.stringify({ query, called: relevant[0], at: new Date(Date.UTC(2026, 10, 1, hour)).toISOString() });
  });
writeFileSync(join(folder, 'events.jsonl'), `${events.join('\n')}\n`);

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
