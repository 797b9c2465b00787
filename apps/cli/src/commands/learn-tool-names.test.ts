import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// The names learn FILE stores: the catalog's full name of each called tool, however the log spelled it.
let dir: string;
const store = (): string => join(dir, '.loadout', 'feedback.jsonl');
const tools = [
  { name: 'create_issue', server: 'github', description: 'Open a new issue in a repository' },
  { name: 'get_weather', server: 'weather', description: 'Weather for a city' },
  { name: 'create_invoice', server: 'stripe', description: 'Create a customer invoice' },
];
const at = (index: number): string => new Date(Date.UTC(2026, 10, 1, index)).toISOString();
// 40 events, half of them of a word no description has: enough to judge, and learning wins.
const log = Array.from({ length: 20 }, (_, index) => [
  { query: `zorblax report ${index}`, called: 'create_issue', at: at(2 * index) },
  { query: `quux thing ${index}`, called: 'get_weather', at: at(2 * index + 1) },
]).flat();

async function cli(argv: string[]) {
  const run = fakeContext({ cwd: dir });
  const code = await runCli(argv, run.context);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadout-learn-names-'));
  await writeFile(join(dir, 'tools.json'), JSON.stringify(tools));
  await writeFile(join(dir, 'tools-gitlab.json'), JSON.stringify([...tools, { name: 'create_issue', server: 'gitlab', description: 'Open a new issue in a project' }]));
  await writeFile(join(dir, 'zo.jsonl'), `${log.map((event) => JSON.stringify(event)).join('\n')}\n`);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('learn FILE stores full tool names', () => {
  it('stores the name the catalog resolves, so usage survives the catalog gaining a second tool of that name', async () => {
    expect((await cli(['learn', 'zo.jsonl', '--catalog', 'tools.json'])).stdout).toContain('learned ranking ON');
    const called = (await readFile(store(), 'utf8')).trim().split('\n').map((line) => (JSON.parse(line) as { called: string[] }).called[0]);
    expect(new Set(called)).toEqual(new Set(['mcp__github__create_issue', 'mcp__weather__get_weather']));
    const search = await cli(['search', 'zorblax', '--catalog', 'tools-gitlab.json', '--feedback', store(), '--json']);
    expect(search.code).toBe(0);
    expect((JSON.parse(search.stdout) as { hits: { tool: string }[] }).hits[0]?.tool).toBe('mcp__github__create_issue');
  });

  it('checks duplicates by tool, not by spelling: the same event under its bare and its full name imports once', async () => {
    await writeFile(join(dir, 'g.jsonl'), `${JSON.stringify({ query: 'bill acme', called: 'create_invoice' })}\n`);
    await writeFile(join(dir, 'g2.jsonl'), `${JSON.stringify({ query: 'bill acme', called: 'mcp__stripe__create_invoice' })}\n`);
    expect(JSON.parse((await cli(['learn', 'g.jsonl', '--catalog', 'tools.json', '--json'])).stdout)).toMatchObject({ imported: 1, alreadyStored: 0 });
    expect(JSON.parse((await cli(['learn', 'g2.jsonl', '--catalog', 'tools.json', '--json'])).stdout)).toMatchObject({ imported: 0, alreadyStored: 1 });
    const timed = { query: 'bill globex', at: '2026-11-30T10:00:00.000Z' };
    await writeFile(join(dir, 'g.jsonl'), `${JSON.stringify({ ...timed, called: ['create_invoice'] })}\n`);
    await writeFile(join(dir, 'g2.jsonl'), `${JSON.stringify({ ...timed, called: ['mcp__stripe__create_invoice', 'create_invoice'] })}\n`);
    expect(JSON.parse((await cli(['learn', 'g.jsonl', '--catalog', 'tools.json', '--json'])).stdout)).toMatchObject({ imported: 1, alreadyStored: 0 });
    expect(JSON.parse((await cli(['learn', 'g2.jsonl', '--catalog', 'tools.json', '--json'])).stdout)).toMatchObject({ imported: 0, alreadyStored: 1 });
    expect((await readFile(store(), 'utf8')).trim().split('\n')).toHaveLength(2);
  });

  it('says stored bare names the grown catalog shares are ambiguous (naming the tools), not missing, and counts every stored event', async () => {
    // Stored by an earlier loadout, as the log spelled them.
    await mkdir(join(dir, '.loadout'));
    await writeFile(store(), `${log.map((event) => JSON.stringify({ query: event.query, called: [event.called], at: event.at })).join('\n')}\n`);
    const run = await cli(['learn', '--catalog', 'tools-gitlab.json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'loadout learn: 20 stored events name a tool by a name 2 servers share in tools-gitlab.json ("mcp__github__create_issue" or "mcp__gitlab__create_issue"), which does not say which: they were left out [feedback-ambiguous-tool]',
    );
    expect(run.stderr).not.toContain('not in tools-gitlab.json');
    expect(run.stdout).toContain(`learning from 20 of the 40 events stored in ${store()}`);
  });

  it('codes an imported bare name several servers share feedback-ambiguous-tool, naming the name and the tools, and a name absent feedback-unknown-tool', async () => {
    await writeFile(join(dir, 'mixed.jsonl'), `${[{ query: 'open a bug', called: 'create_issue' }, { query: 'rain?', called: 'nope' }, ...log.slice(0, 2)].map((event) => JSON.stringify(event)).join('\n')}\n`);
    const run = await cli(['learn', 'mixed.jsonl', '--catalog', 'tools-gitlab.json', '--json']);
    const ambiguous = 'line 1: "create_issue" is a tool of 2 servers; name one as "mcp__github__create_issue" or "mcp__gitlab__create_issue"';
    expect(JSON.parse(run.stdout)).toMatchObject({
      imported: 1,
      skipped: 3,
      issues: [
        { code: 'feedback-ambiguous-tool', line: 1, message: ambiguous },
        { code: 'feedback-unknown-tool', line: 2, message: 'line 2: no tool named "nope" in the catalog' },
        { code: 'feedback-ambiguous-tool', line: 3 },
      ],
    });
    expect(run.stderr).toContain(`${ambiguous} [feedback-ambiguous-tool]`);
  });
});
