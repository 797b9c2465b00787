import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { DEFAULT_GATEWAY_LIMITS } from '../limits/gateway-limits.js';
import { createUpstream } from './upstream.js';

function text(result: { content: unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

// 3447: a 2026-07-28 HTTP client that cancels or closes its request aborts the gateway's handler with
// SdkError ConnectionClosed; the upstream was restarted for everyone and, after a few, its breaker opened.
describe("a caller's cancellation", () => {
  it('ends only that call: the connection, its PID, the breaker and a call in flight beside it are untouched', async () => {
    const logger = createMemoryLogger();
    const upstream = createUpstream({
      name: 'slow',
      config: nodeUpstream(MISBEHAVING_SERVER),
      callTimeoutMs: 10_000,
      connectTimeoutMs: 10_000,
      logger,
      limits: DEFAULT_GATEWAY_LIMITS,
      liveness: { intervalMs: 0, timeoutMs: 1000, missed: 1 },
      circuitBreaker: { failures: 2, cooldownMs: 30_000 },
      stderr: 'ignore',
      onTools: () => {},
    });
    try {
      await upstream.start();
      const pid = upstream.status().pid;
      expect(pid).toBeTypeOf('number');
      // Another client's call in flight the whole time.
      const beside = new AbortController();
      const other = upstream.callTool('hang_forever', {}, { signal: beside.signal }).then(
        () => 'answered',
        (error: unknown) => error,
      );
      const reasons = [new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), undefined, 'client went away', new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')];
      for (const reason of reasons) {
        const controller = new AbortController();
        const call = upstream.callTool('hang_forever', {}, { signal: controller.signal }).catch((error: unknown) => error);
        await new Promise((resolve) => setTimeout(resolve, 30));
        controller.abort(reason);
        expect(await call).toMatchObject({ code: -32603, data: { code: 'cancelled', server: 'slow', tool: 'hang_forever' } });
        expect(upstream.status()).toMatchObject({ state: 'ready', available: true, failedAttempts: 0, pid });
        expect(upstream.status().circuitOpenUntil).toBeUndefined();
      }
      expect(text(await upstream.callTool('echo_text', { text: 'still here' }))).toBe('echo: still here');
      // The call beside the cancelled ones is still waiting for its answer, on the same connection.
      const pending = await Promise.race([other, new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);
      expect(pending).toBe('pending');
      beside.abort();
      await other;
      expect(logger.lines.filter((line) => /retrying|reconnecting/.test(line))).toEqual([]);
    } finally {
      await upstream.close();
    }
  }, 20_000);
});
