import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeTypescriptArgs } from '../__fixtures__/spawn-typescript.js';
import { waitFor } from '../__fixtures__/upstream-servers.js';
import { isProcessRunning } from '../upstream/process-tree.js';

const entry = join(fileURLToPath(new URL('.', import.meta.url)), '..', '__fixtures__', 'shutdown-in-handshake-entry.ts');

// In a vitest worker something always keeps the event loop alive; the leak showed only in a process whose loop
// empties during shutdown (loadout serve with one upstream, in its handshake): it exited (code 13) between SIGTERM
// and SIGKILL to the wrapper's child, which ignores SIGTERM and was left with parent PID 1.
describe.skipIf(process.platform !== 'linux')('a gateway shut down while an upstream is in its handshake (trial 3424)', () => {
  it('stops the wrapper and its child that ignores SIGTERM before its process exits, leaving nothing with parent PID 1', async () => {
    const marker = `loadout-stubborn-${process.pid}-${Math.floor(Math.random() * 1e6)}`;
    const gateway = spawn(process.execPath, [...nodeTypescriptArgs(), entry, marker], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    gateway.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    gateway.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => gateway.once('exit', (exitCode) => resolve(exitCode)));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const pids = JSON.parse(stdout.trim()) as number[];
    expect(pids.length).toBeGreaterThan(0);
    // SIGKILL was sent before the gateway exited; the orphan is reaped by PID 1 within moments.
    await waitFor(() => pids.every((pid) => !isProcessRunning(pid)), 5000, 'the stubborn child to be gone');
  }, 90_000);
});
