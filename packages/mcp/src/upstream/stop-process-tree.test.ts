import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { waitFor } from '../__fixtures__/upstream-servers.js';
import type { StdioUpstreamConfig } from '../config/mcp-config.js';
import { DEFAULT_GATEWAY_LIMITS } from '../limits/gateway-limits.js';
import { isProcessRunning, listDescendants } from './process-tree.js';
import { createUpstream } from './upstream.js';

// A wrapper that never answers and whose child outlives it when it is killed (trial 3420: `sh -c "sleep 1000"`).
const marker = `${900 + Math.floor(Math.random() * 99)}`;
const wrapper: StdioUpstreamConfig = { type: 'stdio', command: 'sh', args: ['-c', `sleep ${marker}; true`], env: {}, alwaysLoad: false };

/** This process's descendants running `sleep <marker>`. */
function sleepers(): number[] {
  return listDescendants(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() === `sleep ${marker}`;
    } catch {
      return false;
    }
  });
}

describe.skipIf(process.platform !== 'linux')('closing a local upstream stops its whole process tree', () => {
  it('lists the processes below a pid', async () => {
    expect(listDescendants(process.pid).every((pid) => pid !== process.pid)).toBe(true);
  });

  it('stops a wrapper still in its handshake and the child it started, leaving nothing behind (parent PID 1)', async () => {
    const logger = createMemoryLogger();
    const upstream = createUpstream({
      name: 'wrapper',
      config: wrapper,
      callTimeoutMs: 1000,
      connectTimeoutMs: 120_000,
      logger,
      limits: DEFAULT_GATEWAY_LIMITS,
      liveness: { intervalMs: 0, timeoutMs: 1000, missed: 1 },
      circuitBreaker: { failures: 5, cooldownMs: 1000 },
      stderr: 'ignore',
      onTools: () => {},
    });
    const started = upstream.start();
    // The version probe's sibling and the session's process each start one: wait for the first.
    await waitFor(() => sleepers().length > 0, 30_000, 'the wrapper to start its child');
    const children = sleepers();
    const closing = upstream.close();
    await closing;
    await started;
    for (const pid of children) expect(isProcessRunning(pid)).toBe(false);
    await waitFor(() => sleepers().length === 0, 10_000, 'no sleeper left');
    expect(logger.lines.filter((line) => /retrying/.test(line))).toEqual([]);
  }, 60_000);
});
