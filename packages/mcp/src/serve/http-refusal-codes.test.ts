import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// Trial 3437: the HTTP layer's refusals carried -32000 and English only, while the gateway's other errors
// carry a stable data.code. Statuses and JSON-RPC codes are unchanged; data.code is added.
const logger = createMemoryLogger();
const TOKEN = 'a-token-of-the-test';
let gateway: Gateway;
let served: HttpGatewayServer;

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', authorization: `Bearer ${TOKEN}` };
const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

async function send(method: string, extra: Record<string, string | undefined>, body?: string): Promise<{ status: number; error: Record<string, unknown> }> {
  const merged = Object.fromEntries(Object.entries({ ...headers, ...extra }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const response = await fetch(served.url, { method, headers: merged, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  const json = (text.startsWith('{') ? JSON.parse(text) : JSON.parse(text.split('\n').find((line) => line.startsWith('data: '))!.slice(6))) as { error: Record<string, unknown> };
  return { status: response.status, error: json.error };
}

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  served = await serveHttp(gateway, { logger, token: TOKEN, maxBodyBytes: 1024, maxSessions: 1, sessionGraceMs: 60_000 });
});

afterAll(async () => {
  await served?.close();
});

describe('serveHttp refusals carry a stable data.code', () => {
  it('401, 403, 413, 400 and 404 keep their statuses and JSON-RPC codes and add data.code', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    const cases: [Record<string, string | undefined>, string | undefined, string, number, number, string][] = [
      [{ authorization: undefined }, ping, 'POST', 401, -32000, 'gateway-unauthorized'],
      [{ authorization: 'Bearer not-the-token' }, ping, 'POST', 401, -32000, 'gateway-unauthorized'],
      [{ origin: 'http://evil.example' }, ping, 'POST', 403, -32000, 'gateway-forbidden'],
      [{}, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping', params: { pad: 'x'.repeat(2000) } }), 'POST', 413, -32000, 'mcp-arguments-too-large'],
      [{}, ping, 'POST', 400, -32000, 'invalid-input'],
      [{}, undefined, 'GET', 400, -32000, 'invalid-input'],
      [{ 'mcp-session-id': 'no-such-session' }, ping, 'POST', 404, -32001, 'mcp-session-not-found'],
      [{ 'mcp-session-id': 'no-such-session' }, undefined, 'DELETE', 404, -32001, 'mcp-session-not-found'],
    ];
    for (const [extra, body, method, status, code, dataCode] of cases) {
      const reply = await send(method, extra, body);
      expect({ method, extra, status: reply.status, code: reply.error['code'], data: reply.error['data'] }).toMatchObject({ status, code, data: { code: dataCode } });
    }
  });

  it('503 at the session cap says mcp-session-refused, with its retry delay', async () => {
    const first = await send('POST', {}, initialize);
    expect(first.status).toBe(200);
    const refused = await send('POST', {}, initialize);
    expect(refused).toMatchObject({ status: 503, error: { code: -32000, data: { code: 'mcp-session-refused', retryAfterSeconds: expect.any(Number) } } });
  });
});
