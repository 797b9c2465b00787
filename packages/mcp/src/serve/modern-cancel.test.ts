import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { connectModernClient } from '../__fixtures__/modern-client.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// 3447: a 2026-07-28 client that aborted a call or closed its connection mid-call restarted the upstream
// for every client (its calls in flight were lost) and, repeated, opened its circuit breaker for 30 s.
const logger = createMemoryLogger();
let gateway: Gateway;
let served: HttpGatewayServer;

beforeAll(async () => {
  gateway = await createGateway({
    config: { mcpServers: { slow: nodeUpstream(MISBEHAVING_SERVER) } },
    logger,
    upstreamStderr: 'ignore',
    circuitBreaker: { failures: 2, cooldownMs: 30_000 },
  });
  served = await serveHttp(gateway, { logger, closeGateway: false });
}, 60_000);

afterAll(async () => {
  await served?.close();
  await gateway?.close();
});

const hang = (client: Client, signal?: AbortSignal): Promise<unknown> =>
  client.callTool({ name: 'call_tool', arguments: { name: 'mcp__slow__hang_forever', arguments: {} } }, signal === undefined ? {} : { signal }).then(
    () => 'answered',
    (error: unknown) => error,
  );

describe('a 2026-07-28 client cancelling over HTTP', () => {
  it('ends only its own call: the upstream keeps its process and breaker, and another client’s call in flight keeps waiting', async () => {
    const status = () => gateway.upstreams().find((upstream) => upstream.name === 'slow')!;
    const pid = status().pid;
    expect(pid).toBeTypeOf('number');
    const other = await connectModernClient(served.url);
    const beside = new AbortController();
    const otherCall = hang(other, beside.signal);
    try {
      for (let round = 0; round < 4; round++) {
        const leaver = await connectModernClient(served.url);
        const controller = new AbortController();
        const call = hang(leaver, controller.signal);
        await new Promise((resolve) => setTimeout(resolve, 100));
        // Even rounds abort the call (the SDK aborts its request), odd rounds close the whole client.
        if (round % 2 === 0) controller.abort();
        else await leaver.close();
        await call;
        await leaver.close();
        // The gateway notices the closed request at once; give its handler a moment to end.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(status()).toMatchObject({ state: 'ready', available: true, failedAttempts: 0, pid });
      }
      const echoed = await other.callTool({ name: 'call_tool', arguments: { name: 'mcp__slow__echo_text', arguments: { text: 'still up' } } });
      expect(echoed.content).toEqual([{ type: 'text', text: 'echo: still up' }]);
      const pending = await Promise.race([otherCall, new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);
      expect(pending).toBe('pending');
      expect(logger.lines.filter((line) => /retrying|reconnecting|circuit/.test(line))).toEqual([]);
    } finally {
      beside.abort();
      await otherCall;
      await other.close();
    }
  }, 30_000);
});
