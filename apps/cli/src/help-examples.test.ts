import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

// Every example of a command's --help runs as written, in order, in a folder holding only the
// files the help names (issue 29): the embedded demo catalog and its demo queries make most run
// out of the box, offline. Not run here: examples that start or reach live MCP servers
// (`serve`, `catalog pull`); their own tests start real servers.
const root = mkdtempSync(join(tmpdir(), 'loadout-help-examples-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const examplesFolder = fileURLToPath(new URL('../../../examples/', import.meta.url));
const tools = readFileSync(join(examplesFolder, 'my-tools.json'), 'utf8');
const toolLines = (JSON.parse(tools) as { tools: unknown[] }).tools.map((tool) => JSON.stringify(tool));
// A log of the demo queries, an hour apart, for learn's examples.
const events = readFileSync(join(examplesFolder, 'demo-queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line, hour) => {
    const { query, relevant } = JSON.parse(line) as { query: string; relevant: string[] };
    return JSON.stringify({ query, called: relevant[0], at: new Date(Date.UTC(2026, 10, 1, hour)).toISOString() });
  });

/** The files each command's examples name. */
const FILES: Record<string, Record<string, string>> = {
  eval: {},
  rankers: {},
  learn: { 'events.jsonl': `${events.join('\n')}\n` },
  search: { 'tools.jsonl': `${toolLines.join('\n')}\n` },
  plan: { 'tools.json': tools },
  index: { 'tools.json': tools },
  trust: { 'loadout.config.mjs': 'export default { ranker: "bm25f" };\n' },
};

/** A shell line's words: spaces split, double quotes group. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

async function examplesOf(command: string, cwd: string): Promise<string[][]> {
  const run = fakeContext({ cwd });
  expect(await runCli([command, '--help'], run.context)).toBe(0);
  const section = run.stdout().split('\nExamples:\n')[1] ?? '';
  return section
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('loadout ') && !line.includes('catalog pull'))
    .map((line) => words(line).slice(1));
}

describe.each(Object.keys(FILES))('loadout %s --help examples', (command) => {
  it('has examples, and each runs as written', async () => {
    const cwd = join(root, command);
    mkdirSync(cwd);
    for (const [name, text] of Object.entries(FILES[command]!)) writeFileSync(join(cwd, name), text);
    const env = { LOADOUT_CONFIG_HOME: join(root, `${command}-home`) };
    const examples = await examplesOf(command, cwd);
    expect(examples.length).toBeGreaterThanOrEqual(1);
    for (const argv of examples) {
      const run = fakeContext({ cwd, env });
      const code = await runCli(argv, run.context);
      expect({ argv, code, stderr: run.stderr() }).toMatchObject({ code: 0 });
      // What it made: a file for --out, else the output.
      const out = argv.indexOf('--out');
      if (out >= 0) expect(existsSync(join(cwd, argv[out + 1]!))).toBe(true);
      else expect(run.stdout().length).toBeGreaterThan(0);
      if (argv.includes('--json')) expect(() => JSON.parse(run.stdout()) as unknown).not.toThrow();
    }
  }, 120_000);
});
