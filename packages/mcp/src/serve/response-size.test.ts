import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { openRawSession } from '../__fixtures__/raw-mcp-http.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// Issue 34 item 4: one batch of a few KB could return megabytes; the answer to one request is
// bounded, the replies past the bound replaced by a coded error naming their size.
const logger = createMemoryLogger();
let gateway: Gateway;
let server: HttpGatewayServer;

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  server = await serveHttp(gateway, { logger, maxResponseBytes: 65_536 });
});

afterAll(async () => {
  await server?.close();
});

describe('the size of one response', () => {
  it('a batch of 100 searches answers within the cap: the replies past it are mcp-response-too-large errors', async () => {
    const session = await openRawSession(server.url);
    const batch = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id: id + 1, method: 'tools/call', params: { name: 'search_tools', arguments: { query: 'generated tool', limit: 100 } } }));
    const body = JSON.stringify(batch);
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': session.sessionId },
      body,
    });
    const text = await response.text();
    // The results stay within the cap; each reply past it is a short error instead (under 400 bytes).
    const errorBytes = (text.match(/mcp-response-too-large/g) ?? []).length * 400;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(65_536 + errorBytes);
    const messages = text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)) as { id: number; result?: unknown; error?: { code: number; message: string; data: { code: string; limit: number } } });
    // Every request has its reply (a tools/list_changed notification may come too).
    expect(messages.filter((message) => message.id !== undefined)).toHaveLength(100);
    const tooLarge = messages.filter((message) => message.error?.data.code === 'mcp-response-too-large');
    expect(messages.length - tooLarge.length).toBeGreaterThan(0);
    expect(tooLarge.length).toBeGreaterThan(0);
    expect(tooLarge[0]!.error).toMatchObject({ code: -32603, message: expect.stringMatching(/response too large: this reply is \d+ bytes, one HTTP answer may hold 65536/), data: { limit: 65_536 } });
    process.stdout.write(`response-size: a ${body.length}-byte batch of 100 searches answered in ${Buffer.byteLength(text)} bytes; ${tooLarge.length} replies over the cap replaced\n`);
  });
});
