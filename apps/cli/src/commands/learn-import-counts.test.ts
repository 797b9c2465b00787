import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// What `loadout learn FILE` counts: a line not imported is skipped; an unknown tool dropped from a line that was imported is not.

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loadout-learn-counts-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function learn(dir: string, argv: readonly string[]) {
  const run = fakeContext({ cwd: dir, env: { LOADOUT_CONFIG_HOME: join(dir, 'config-home') } });
  const code = await runCli(['learn', ...argv], run.context);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

const event = (query: string, called: string | string[]): string => JSON.stringify({ query, called, at: '2026-11-30T10:00:00Z' });

describe('loadout learn FILE: lines skipped and tools dropped', () => {
  it('a line with a known tool and an unknown one is imported without it: no line skipped, one tool name dropped', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'ev.jsonl'), `${event('ship it', ['mcp__github__create_pull_request', 'nope'])}\n`);
    const json = await learn(dir, ['ev.jsonl', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ imported: 1, skipped: 0, droppedTools: 1, issues: [{ code: 'feedback-unknown-tool', line: 1, lineKept: true }] });
    expect(json.stderr).toContain('line 1: no tool named "nope" in the catalog [feedback-unknown-tool]');
    expect(await readFile(join(dir, '.loadout', 'feedback.jsonl'), 'utf8')).not.toContain('nope');
    await writeFile(join(dir, 'ev.jsonl'), `${event('ship it now', ['mcp__github__create_pull_request', 'nope'])}\n`);
    const text = await learn(dir, ['ev.jsonl']);
    expect(text.stdout).toContain('imported 1 event from ev.jsonl into');
    expect(text.stdout).toContain('(0 lines skipped, 1 unknown tool name dropped); 2 events stored');
  });

  it('counts lines, not issues: a line of two unknown tools is one line skipped', async () => {
    const dir = await folder();
    const lines = [event('ship it', 'mcp__github__create_pull_request'), event('x', ['ghost', 'phantom']), '{broken', event('y', ['Write', 'ghost'])];
    await writeFile(join(dir, 'ev.jsonl'), `${lines.join('\n')}\n`);
    const json = await learn(dir, ['ev.jsonl', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ imported: 2, skipped: 2, droppedTools: 1 });
    await writeFile(join(dir, 'ev.jsonl'), `${lines.map((line) => line.replace('2026-11-30', '2026-12-01')).join('\n')}\n`);
    const text = await learn(dir, ['ev.jsonl']);
    expect(text.stdout).toContain('(2 lines skipped, 1 unknown tool name dropped)');
  });
});

describe('loadout learn --help examples', () => {
  it('run as written in an empty folder, the file the first one writes included', async () => {
    const dir = await folder();
    const help = await learn(dir, ['--help']);
    const examples = help.stdout.split('\nExamples:\n')[1]!.split('\n').map((line) => line.trim());
    // echo '…' > events.jsonl, as a shell runs it.
    const echo = examples.find((line) => line.startsWith('echo '))!.match(/^echo '(.+)' > (\S+)$/)!;
    await writeFile(join(dir, echo[2]!), `${echo[1]}\n`);
    const commands = examples.filter((line) => line.startsWith('loadout learn'));
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const line of commands) {
      const run = await learn(dir, line.split(' ').slice(2));
      expect({ line, code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    }
  });
});
