import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The READMEs' shell examples, run as pasted (from the repository root, on the built CLI).
// The MCP block runs with its scratch folder and port swapped for private ones.

const root = fileURLToPath(new URL('../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'loadout-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// `loadout` on PATH as `pnpm start` links it (tooling/link-cli.mjs), here in a private bin folder.
const bin = join(scratch, 'bin');
mkdirSync(bin);
chmodSync(join(root, 'apps/cli/dist/main.js'), 0o755);
symlinkSync(join(root, 'apps/cli/dist/main.js'), join(bin, 'loadout'));
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}`, ENABLE_TOOL_SEARCH: '' };

function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(heading);
  const next = markdown.indexOf('\n## ', start + heading.length);
  return markdown.slice(start, next === -1 ? undefined : next);
}

/** Joins backslash-continued lines and drops comments and blank lines. */
function commands(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README: Using the CLI', () => {
  const lines = shellBlocks(section(readme, '## Using the CLI')).flatMap(commands);
  // eval/learn read eval data and event logs that are not part of the repository.
  const runnable = lines.filter((line) => !/ loadout (eval|learn) /.test(line));

  it('has examples', () => expect(runnable.length).toBeGreaterThanOrEqual(6));

  it.each(runnable)('%s', (line) => {
    const result = spawnSync('bash', ['-c', line], { cwd: root, encoding: 'utf8', timeout: 60_000, env });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(0);
  }, 60_000);
});

async function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('packages/mcp/README.md: Try it', () => {
  it('works as pasted: waits for the gateway, runs the client, stops what it started', async () => {
    const mcpReadme = readFileSync(join(root, 'packages/mcp/README.md'), 'utf8');
    const [block] = shellBlocks(section(mcpReadme, '## Try it'));
    // Below Linux's ephemeral range (32768 and up), where an outgoing connection can hold a port, and not listened on now.
    let port = 20_000 + Math.floor(Math.random() * 12_000);
    while (!(await portIsClosed(port))) port = 20_000 + Math.floor(Math.random() * 12_000);
    const script = block!.replaceAll('/tmp/loadout-demo', join(scratch, 'demo')).replaceAll('8765', String(port));
    const result = spawnSync('bash', ['-e', '-c', script], { cwd: root, encoding: 'utf8', timeout: 90_000, env });
    expect(result.stderr).not.toMatch(/ECONNREFUSED|\n\s+at /);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('tools at start: search_tools, call_tool');
    expect(result.stdout).toContain('found mcp__memory__create_entities');
    expect(result.stdout).toMatch(/read_graph via call_tool:[\s\S]*"Loadout"/);
    expect(await portIsClosed(port)).toBe(true);
    const leftovers = spawnSync('pgrep', ['-f', join(scratch, 'demo')], { encoding: 'utf8' });
    expect(leftovers.stdout.trim()).toBe('');
    expect(existsSync(join(scratch, 'demo', 'memory.jsonl'))).toBe(true);
  }, 120_000);
});
