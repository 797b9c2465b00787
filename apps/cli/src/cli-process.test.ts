import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The built CLI (`pnpm build` first) as a user runs it: from a folder outside the workspace, piped into head.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/cli/dist/main.js');
const folder = mkdtempSync(join(tmpdir(), 'loadout-cli-process-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };

function shell(script: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['-c', script], { cwd: folder, env, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('a closed stdout ends the command quietly', () => {
  it.each([['demo'], ['plan --json'], ['search weather --json'], ['--help']])('loadout %s | head -1: one line, exit 0, no stack trace', (command) => {
    const run = shell(`node ${JSON.stringify(main)} ${command} | head -1; echo "exit=\${PIPESTATUS[0]}" >&2`);
    expect(run.stdout.split('\n').filter((line) => line !== '')).toHaveLength(1);
    expect(run.stderr).toBe('exit=0\n');
  });
});

describe('a closed stdout or stderr does not stop the work', () => {
  it('loadout learn … 2>&1 | true: the decision is written, exit 0', () => {
    const events = Array.from({ length: 30 }, (_, index) =>
      JSON.stringify({ query: `open pull request number ${index}`, called: 'mcp__github__create_pull_request', at: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString() }),
    );
    // The last event names no tool of the catalog: learn warns on stderr before it learns, into a closed pipe.
    events.push(JSON.stringify({ query: 'frobnicate', called: 'no_such_tool', at: '2026-11-30T10:00:00Z' }));
    writeFileSync(join(folder, 'closed-events.jsonl'), `${events.join('\n')}\n`);
    // `true` reads nothing and exits: whatever learn writes, to either stream, meets a closed pipe.
    const run = shell(`node ${JSON.stringify(main)} learn closed-events.jsonl --store closed/feedback.jsonl 2>&1 | true; echo "exit=\${PIPESTATUS[0]}" >&2`);
    expect(run.stderr).toBe('exit=0\n');
    expect(existsSync(join(folder, 'closed/learned.json'))).toBe(true);
  });
});

describe('the plug-in guides', () => {
  it('--help points to write-a-ranker.md and write-a-mod.md, which the built package carries', () => {
    const run = spawnSync(process.execPath, [main, 'search', '--help'], { cwd: folder, env, encoding: 'utf8' });
    const guide = /Write a ranker or a mod: (\S+)write-a-ranker\.md and write-a-mod\.md/.exec(run.stdout)?.[1];
    expect(guide).toBeDefined();
    for (const file of ['write-a-ranker.md', 'write-a-mod.md', 'examples/reverse-ranker.mjs']) expect(existsSync(join(guide!, file))).toBe(true);
  });
});

describe('commands load only what they need', () => {
  const recorder = fileURLToPath(new URL('./__fixtures__/record-imports.mjs', import.meta.url));
  function imports(args: readonly string[]): string[] {
    const file = join(folder, `imports-${args.join('-').replace(/\W+/g, '_')}.txt`);
    writeFileSync(file, '');
    const result = spawnSync(process.execPath, ['--import', recorder, main, ...args], { cwd: folder, env: { ...env, LOADOUT_IMPORTS_FILE: file } });
    expect(result.status).toBe(0);
    return readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
  }

  it.each([['--version'], ['--help']])('%s loads no package', (flag) => {
    const loaded = imports([flag]).filter((url) => url.startsWith('file:'));
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((url) => !url.includes('/apps/cli/dist/'))).toEqual([]);
  });

  it('search loads neither the MCP SDK, zod, nor the tokenizer', () => {
    const loaded = imports(['search', 'create a github issue']);
    expect(loaded.some((url) => url.includes('/packages/bm25/'))).toBe(true);
    expect(loaded.filter((url) => /modelcontextprotocol|\/zod\/|js-tiktoken|@loadout\/tokens|packages\/tokens|packages\/mcp/.test(url))).toEqual([]);
  });

  it('plan on the embedded catalog loads no tokenizer (the build counted it), no ranker and no adapter', () => {
    const loaded = imports(['plan']);
    expect(loaded.filter((url) => /js-tiktoken|packages\/tokens|modelcontextprotocol|packages\/(bm25|openai|anthropic|ai-sdk)\//.test(url))).toEqual([]);
  });
});

describe('serve with stdio upstreams loads no HTTP client', () => {
  it('the SDK v2 stdio client transport, and nothing of SDK 1.x', async () => {
    const weather = fileURLToPath(new URL('../../../packages/mcp/src/__fixtures__/weather-server.mjs', import.meta.url));
    const config = join(folder, 'stdio-upstream.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { weather: { command: process.execPath, args: [weather] } } }));
    const file = join(folder, 'imports-serve.txt');
    const ready = join(folder, 'stdio-ready.txt');
    writeFileSync(file, '');
    const child = spawn(process.execPath, ['--import', fileURLToPath(new URL('./__fixtures__/record-imports.mjs', import.meta.url)), main, 'serve', '--config', config, '--ready-file', ready], {
      cwd: folder,
      env: { ...env, LOADOUT_IMPORTS_FILE: file },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started = Date.now();
    while (!existsSync(ready) && Date.now() - started < 15_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(ready, 'utf8')).toBe('stdio\n');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const loaded = readFileSync(file, 'utf8').split('\n');
    expect(loaded.some((url) => /@modelcontextprotocol\/client\/dist\/stdio\.mjs$/.test(url))).toBe(true);
    // SDK v2's client is one bundle (its HTTP transport comes with it); what stays out is SDK 1.x altogether.
    expect(loaded.filter((url) => /@modelcontextprotocol\/sdk\//.test(url))).toEqual([]);
  });
});

describe('control characters never reach the terminal', () => {
  it('escapes ESC sequences from a catalog in the human output', () => {
    writeFileSync(join(folder, 'hostile.json'), JSON.stringify([{ name: 'clear_screen', description: 'weather \u001b[2J \u001b]52;c;aGk=\u0007' }]));
    const result = spawnSync(process.execPath, [main, 'search', 'weather', '--catalog', './hostile.json'], { cwd: folder, env });
    expect(result.status).toBe(0);
    expect(result.stdout.includes(0x1b)).toBe(false);
    expect(result.stdout.includes(0x07)).toBe(false);
    expect(result.stdout.toString()).toContain('\\u001b[2J');
  });
});

describe('serve --ready-file', () => {
  it('writes the endpoint once listening, and stops on SIGTERM with exit 0', async () => {
    const config = join(folder, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: {} }));
    const ready = join(folder, 'ready.txt');
    const child = spawn(process.execPath, [main, 'serve', '--config', config, '--http', '0', '--ready-file', ready], { cwd: folder, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started = Date.now();
    while (!existsSync(ready) && Date.now() - started < 15_000) await new Promise((resolve) => setTimeout(resolve, 50));
    const url = new URL(readFileSync(ready, 'utf8').trim());
    expect(url.pathname).toBe('/mcp');
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.end();
        resolve();
      });
      socket.on('error', reject);
    });
    expect(stderr).toContain(`serving MCP over streamable HTTP at ${url.href}`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(ready)).toBe(false);
  });
});
