import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Retrial of 3449 (decision 3456): with a stderr pipe nobody reads and more log than the pipe holds (a plug-in's
// or config's console.log goes to stderr), `serve` never exited after its client closed stdin, nor `plan --json`
// or `search --json` after their answer: the exit waited for stderr to be written. The built CLI runs as a user
// runs it; stderr is piped and never read. A run still alive after BOUND_MS is killed, and fails on its exit code.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'loadout-stderr-never-read-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };
// Generous for a loaded 2-core machine: the exit takes well under a second; before the fix it never came.
const BOUND_MS = 5000;

// 2 MB: more than a pipe's or a socket pair's buffer (64 KB, about 200 KB), so most of it waits in the process.
const log = `console.log('x'.repeat(2_000_000));\n`;
writeFileSync(join(folder, 'c-log.mjs'), `${log}export default {};\n`);
writeFileSync(join(folder, 'c-log-served.mjs'), `${log}export default { mcpServers: {} };\n`);

/** Spawns the CLI with stderr piped and never read; `exited` is its exit code, null if it was still running after BOUND_MS. */
function spawnLoadout(args: readonly string[]) {
  const child = spawn(process.execPath, [main, ...args], { cwd: folder, env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.pause();
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let kill: ReturnType<typeof setTimeout> | undefined;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => (clearTimeout(kill), resolve(code))));
  const startBound = (): void => void (kill ??= setTimeout(() => child.kill('SIGKILL'), BOUND_MS));
  return { child, exited, startBound, stdout: () => stdout };
}

describe('a stderr nobody reads does not keep loadout alive', () => {
  it('serve over stdio exits once its client closes stdin', async () => {
    const run = spawnLoadout(['serve', '--config', 'c-log-served.mjs']);
    const answered = new Promise<void>((resolve) => run.child.stdout.on('data', () => run.stdout().includes('"id":1') && resolve()));
    run.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } })}\n`);
    await answered;
    run.child.stdin.end();
    run.startBound();
    expect(await run.exited).toBe(0);
    expect((JSON.parse(run.stdout().trim()) as { id: number }).id).toBe(1);
  }, 60_000);

  it.each([
    ['plan --json', ['plan', '--json']],
    ['search --json --limit 100', ['search', 'create issue', '--json', '--limit', '100']],
  ])('%s exits with its whole JSON document on stdout', async (_, args) => {
    const run = spawnLoadout([...args, '--config', 'c-log.mjs']);
    run.child.stdin.end();
    // The bound runs from the answer: once stdout holds the whole document.
    const parses = (): boolean => {
      try {
        return JSON.parse(run.stdout()) !== undefined;
      } catch {
        return false;
      }
    };
    run.child.stdout.on('data', () => parses() && run.startBound());
    expect(await run.exited).toBe(0);
    expect(parses()).toBe(true);
  }, 60_000);
});
