import { connect } from 'node:net';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { callOutcome } from '../__fixtures__/call-outcome.js';
import { createCountingGateway } from '../__fixtures__/counting-gateway.js';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { connectModernClient } from '../__fixtures__/modern-client.js';
import { waitFor } from '../__fixtures__/upstream-servers.js';
import { serveHttp } from './serve-http.js';


// Trial 3424: on shutdown, calls in flight got no reply (a 2025 session's SSE stream ended without one, a
// 2026-07-28 request an empty 499), so each client waited for its own timeout.
describe('serveHttp shutting down', () => {
  it('answers every call in flight of both eras gateway-shutting-down, and refuses new requests 503 with that error', async () => {
    const logger = createMemoryLogger();
    const { gateway, inFlight } = await createCountingGateway(logger);
    const served = await serveHttp(gateway, { logger });
    const legacy = new LegacyClient({ name: 'legacy', version: '1' });
    await legacy.connect(new LegacyTransport(new URL(served.url)));
    const modern = await connectModernClient(served.url);
    const hang = { name: 'call_tool', arguments: { name: 'mcp__bad__hang_forever', arguments: {} } };
    const calls = [
      ...Array.from({ length: 3 }, () => callOutcome(legacy.callTool(hang, undefined, { timeout: 60_000 }))),
      ...Array.from({ length: 2 }, () => callOutcome(modern.callTool(hang, { timeout: 60_000 }))),
    ];
    await waitFor(() => inFlight() === 5, 30_000, 'five calls in flight');

    // A request whose body is still arriving when shutdown starts.
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });
    const url = new URL(served.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${body.length}\r\nexpect: 100-continue\r\n\r\n`,
    );
    // 100 Continue: the request is being handled, waiting for its body.
    await waitFor(() => raw.includes('100 Continue'), 10_000, 'the late request to be taken');

    const closing = served.close();
    socket.write(body);
    const outcomes = await Promise.all(calls);
    await closing;
    await ended;

    for (const ended of outcomes) {
      expect(ended).toMatchObject({ code: -32000, data: 'gateway-shutting-down', message: expect.stringMatching(/the gateway is shutting down.*retry/) });
    }
    // The request that arrived during shutdown was refused, not cut off.
    const [, head, chunked] = raw.split('\r\n\r\n');
    const reply = JSON.parse(chunked!.slice(chunked!.indexOf('{'), chunked!.lastIndexOf('}') + 1)) as { id: unknown };
    expect(head).toMatch(/^HTTP\/1.1 503/);
    expect(head).toMatch(/retry-after: 1/i);
    // Its id when its body was read before the refusal (it nearly always is), else null.
    expect([7, null]).toContain(reply.id);
    expect(reply).toMatchObject({ error: { code: -32000, data: { code: 'gateway-shutting-down' }, message: expect.stringMatching(/was not run/) } });
    expect(logger.lines.filter((line) => /error/.test(line) && !/debug/.test(line))).toEqual([]);
    await legacy.close().catch(() => {});
    await modern.close().catch(() => {});
  }, 90_000);
});
