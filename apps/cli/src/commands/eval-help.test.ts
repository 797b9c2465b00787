import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { evalHelp } from './eval-help.js';

// What `loadout eval --help` names exists where a user who installed the package looks, and reads as it says.

describe('loadout eval --help', () => {
  it('names the demo queries where the package ships them, never a repository path the package lacks', async () => {
    expect(evalHelp).not.toMatch(/examples\//);
    expect(evalHelp).toContain('dist/demo-queries.jsonl');
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { files: string[]; scripts: { build: string } };
    expect(manifest.files).toContain('dist');
    expect(manifest.scripts.build).toContain("'dist/demo-queries.jsonl'");
  });

  it('describes the snapshot catalog pull writes, and eval reads it as --tools', async () => {
    expect(evalHelp).toContain('{"mcpServers": {...},\n                   "tools": {SERVER: {"tools": [...]}}} (what catalog pull writes)');
    const dir = await mkdtemp(join(tmpdir(), 'loadout-eval-help-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const snapshot = {
      mcpServers: { github: {}, fs: {} },
      tools: {
        github: { tools: [{ name: 'create_issue', description: 'Create a new issue in a GitHub repository', inputSchema: { type: 'object' } }] },
        fs: { tools: [{ name: 'write_file', description: 'Write text to a file on disk', inputSchema: { type: 'object' } }] },
      },
    };
    await writeFile(join(dir, 'tools.json'), JSON.stringify(snapshot));
    await writeFile(join(dir, 'queries.jsonl'), `${JSON.stringify({ query: 'open an issue on github', relevant: ['create_issue'] })}\n`);
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'queries.jsonl', '--json'], run.context)).toBe(0);
    expect(JSON.parse(run.stdout())).toMatchObject({ tools: 2, queries: 1, 'recall@5': 1 });
  });
});
