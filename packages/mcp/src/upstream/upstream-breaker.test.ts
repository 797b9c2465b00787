import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { DEFAULT_GATEWAY_LIMITS } from '../limits/gateway-limits.js';
import { createUpstream } from './upstream.js';

function text(result: { content: unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

describe('an upstream whose calls keep timing out', () => {
  // The cooldown passes on an injected clock: the test never waits for it.
  it('opens the circuit, says so, lets one trial call through once the cooldown is over, and closes on its success', async () => {
    let clock = 1_000_000;
    const upstream = createUpstream({
      name: 'bad',
      config: nodeUpstream(MISBEHAVING_SERVER),
      callTimeoutMs: 150,
      connectTimeoutMs: 10_000,
      logger: createMemoryLogger(),
      limits: DEFAULT_GATEWAY_LIMITS,
      liveness: { intervalMs: 0, timeoutMs: 1000, missed: 1 },
      circuitBreaker: { failures: 2, cooldownMs: 30_000 },
      stderr: 'ignore',
      onTools: () => {},
      now: () => clock,
    });
    try {
      await upstream.start();
      for (let call = 0; call < 2; call++) {
        await expect(upstream.callTool('hang_forever', {})).rejects.toMatchObject({ code: -32001 });
      }
      const refused = await upstream.callTool('echo_text', { text: 'x' }).catch((error: unknown) => error as { code: number; message: string; data: unknown });
      expect(refused).toMatchObject({ code: -32010, data: { code: 'mcp-upstream-unavailable', circuit: 'open', server: 'bad', retryAt: 1_030_000 } });
      expect(refused.message).toMatch(/upstream server "bad" keeps failing: 2 calls in a row failed \(last: timed out after 150 ms\); the circuit breaker refuses calls for 30000 ms more/);
      expect(upstream.status()).toMatchObject({ state: 'ready', available: false, circuitOpenUntil: 1_030_000 });
      clock += 29_999;
      await expect(upstream.callTool('echo_text', { text: 'x' })).rejects.toMatchObject({ code: -32010 });
      clock += 1;
      expect(text(await upstream.callTool('echo_text', { text: 'trial' }))).toBe('echo: trial');
      expect(upstream.status()).toMatchObject({ available: true });
      expect(upstream.status().circuitOpenUntil).toBeUndefined();
    } finally {
      await upstream.close();
    }
  }, 20_000);
});
