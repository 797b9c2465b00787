import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { DEFAULT_GATEWAY_LIMITS } from '../limits/gateway-limits.js';
import type { CircuitBreakerOptions } from './circuit-breaker.js';
import { createUpstream, type Upstream } from './upstream.js';

function text(result: { content: unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

type Refusal = { code: number; message: string; data: Record<string, unknown> };
const refusalOf = (call: Promise<unknown>): Promise<Refusal> =>
  call.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (error: unknown) => error as Refusal,
  );

// The cooldown passes on an injected clock: the tests never wait for it.
function misbehaving(clock: { now: number }, circuitBreaker: Required<CircuitBreakerOptions>): Upstream {
  return createUpstream({
    name: 'bad',
    config: nodeUpstream(MISBEHAVING_SERVER),
    callTimeoutMs: 150,
    connectTimeoutMs: 10_000,
    reconnect: { initialMs: 1, maxMs: 1, stableMs: 0 },
    logger: createMemoryLogger(),
    limits: DEFAULT_GATEWAY_LIMITS,
    liveness: { intervalMs: 0, timeoutMs: 1000, missed: 1 },
    circuitBreaker,
    stderr: 'ignore',
    onTools: () => {},
    now: () => clock.now,
  });
}

describe('a tool whose calls keep timing out (3468)', () => {
  it("opens that tool's circuit only: the server's other tools stay callable, and a trial of the slow tool goes through once the cooldown is over", async () => {
    const clock = { now: 1_000_000 };
    const upstream = misbehaving(clock, { failures: 2, cooldownMs: 30_000 });
    try {
      await upstream.start();
      // As the trial's client A: parallel calls of a tool that is only slow, all timing out.
      const slow = await Promise.all([1, 2].map(() => refusalOf(upstream.callTool('hang_forever', {}))));
      expect(slow.map((error) => error.code)).toEqual([-32001, -32001]);
      const refused = await refusalOf(upstream.callTool('hang_forever', {}));
      expect(refused).toMatchObject({ code: -32010, data: { code: 'mcp-upstream-unavailable', circuit: 'open', circuitScope: 'tool', server: 'bad', tool: 'hang_forever', retryAt: 1_030_000 } });
      expect(refused.message).toMatch(
        /tool "hang_forever" of upstream server "bad" keeps timing out: 2 calls in a row failed \(last: timed out after 150 ms\); the circuit breaker refuses calls to this tool for 30000 ms more/,
      );
      // As client B: another tool of the same server is answered, every time, and the server shows available.
      for (let call = 0; call < 3; call++) expect(text(await upstream.callTool('echo_text', { text: `b${call}` }))).toBe(`echo: b${call}`);
      expect(upstream.status()).toMatchObject({ state: 'ready', available: true });
      expect(upstream.status().circuitOpenUntil).toBeUndefined();
      // Search results show the slow tool unavailable, the others available.
      expect([upstream.callable('hang_forever'), upstream.callable('echo_text')]).toEqual([false, true]);
      // The slow tool's circuit: still refused a millisecond before the cooldown ends, then one trial, which times out and re-opens it.
      clock.now += 29_999;
      await expect(upstream.callTool('hang_forever', {})).rejects.toMatchObject({ code: -32010 });
      clock.now += 1;
      await expect(upstream.callTool('hang_forever', {})).rejects.toMatchObject({ code: -32001 });
      await expect(upstream.callTool('hang_forever', {})).rejects.toMatchObject({ code: -32010, data: { circuitScope: 'tool', retryAt: 1_060_000 } });
    } finally {
      await upstream.close();
    }
  }, 20_000);
});

describe('an upstream whose calls lose the connection', () => {
  it('opens the circuit of the whole server, and its reconnection to a fresh process lets the next call through at once (3468)', async () => {
    const clock = { now: 1_000_000 };
    const upstream = misbehaving(clock, { failures: 1, cooldownMs: 30_000 });
    try {
      await upstream.start();
      const pid = upstream.status().pid;
      await expect(upstream.callTool('crash_server', {})).rejects.toMatchObject({ code: -32010 });
      // The clock stands still: without the reconnection's reset the cooldown would refuse calls for 30,000 ms more.
      await waitFor(() => upstream.status().state === 'ready' && upstream.status().pid !== pid, 10_000, 'the new process');
      expect(upstream.status()).toMatchObject({ available: true });
      expect(text(await upstream.callTool('echo_text', { text: 'fresh' }))).toBe('echo: fresh');
      expect(upstream.status().circuitOpenUntil).toBeUndefined();
    } finally {
      await upstream.close();
    }
  }, 20_000);

  it('a server that crashes on every call has its circuit opened again by the trial call after each reconnection', async () => {
    const clock = { now: 1_000_000 };
    const upstream = misbehaving(clock, { failures: 1, cooldownMs: 30_000 });
    try {
      await upstream.start();
      for (let round = 0; round < 2; round++) {
        const pid = upstream.status().pid;
        await expect(upstream.callTool('crash_server', {})).rejects.toMatchObject({ code: -32010 });
        expect(upstream.status().circuitOpenUntil).toBe(1_030_000);
        await waitFor(() => upstream.status().state === 'ready' && upstream.status().pid !== pid, 10_000, 'the new process');
      }
    } finally {
      await upstream.close();
    }
  }, 20_000);
});
