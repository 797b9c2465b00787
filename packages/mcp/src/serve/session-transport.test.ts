import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// The session transport speaks streamable HTTP as the MCP SDK's server
// transport does; these are its answers to raw requests (the SDK's real
// client is exercised by the other gateway tests).
const logger = createMemoryLogger();
let gateway: Gateway;
let server: HttpGatewayServer;

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const initialize = (id = 0): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

async function openSession(): Promise<Record<string, string>> {
  const response = await fetch(server.url, { method: 'POST', headers, body: initialize() });
  await response.text();
  const session = { ...headers, 'mcp-session-id': response.headers.get('mcp-session-id')! };
  const initialized = await fetch(server.url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  expect(initialized.status).toBe(202);
  expect(await initialized.text()).toBe('');
  return session;
}

async function post(session: Record<string, string>, body: unknown): Promise<{ status: number; json: { error?: { code: number; message: string; data?: unknown } } }> {
  const response = await fetch(server.url, { method: 'POST', headers: session, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as { error?: { code: number; message: string } } };
}

function events(body: string): { id?: number; method?: string; result?: unknown }[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { id?: number });
}

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  server = await serveHttp(gateway, { logger });
});

afterAll(async () => {
  await server?.close();
});

describe('session transport', () => {
  it('refuses what the SDK transport refuses, with its statuses and codes', async () => {
    const session = await openSession();
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const notAcceptable = await fetch(server.url, { method: 'POST', headers: { ...session, accept: 'application/json' }, body: JSON.stringify(call) });
    expect(notAcceptable.status).toBe(406);
    // Every refusal carries a stable data.code (3442).
    const invalid = { data: { code: 'invalid-input' } };
    expect(await notAcceptable.json()).toMatchObject({ error: invalid });
    const wrongType = await fetch(server.url, { method: 'POST', headers: { ...session, 'content-type': 'text/plain' }, body: JSON.stringify(call) });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ error: invalid });
    const batch = await post(session, Array.from({ length: 101 }, (_, id) => ({ ...call, id })));
    expect(batch).toMatchObject({ status: 400, json: { error: { code: -32600, message: 'Invalid Request: Batch must not exceed 100 messages', ...invalid } } });
    expect(await post(session, { jsonrpc: '2.0', id: 2 })).toMatchObject({ status: 400, json: { error: { code: -32700, ...invalid } } });
    expect(await post(session, JSON.parse(initialize(3)))).toMatchObject({ status: 400, json: { error: { message: 'Invalid Request: Server already initialized', ...invalid } } });
    const version = await post({ ...session, 'mcp-protocol-version': '1999-01-01' }, call);
    expect(version).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining('Unsupported protocol version: 1999-01-01'), ...invalid } } });
    const secondStream = await fetch(server.url, { method: 'GET', headers: { ...session, accept: 'text/event-stream' } });
    const conflict = await fetch(server.url, { method: 'GET', headers: { ...session, accept: 'text/event-stream' } });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ error: invalid });
    await secondStream.body?.cancel();
    const noStream = await fetch(server.url, { method: 'GET', headers: { ...session, accept: 'application/json' } });
    expect(noStream.status).toBe(406);
    expect(await noStream.json()).toMatchObject({ error: invalid });
  });

  it('streams a reply that is not ready at once, and answers every request of a batch in one stream', async () => {
    const session = await openSession();
    const body = [
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'call_tool', arguments: { name: 'mcp__tools__echo_text', arguments: { text: 'hello' } } } },
      { jsonrpc: '2.0', id: 8, method: 'tools/list' },
    ];
    const response = await fetch(server.url, { method: 'POST', headers: session, body: JSON.stringify(body) });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('mcp-session-id')).toBe(session['mcp-session-id']);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const replies = events(await response.text());
    expect(replies.map((reply) => reply.id).sort()).toEqual([7, 8]);
    expect(JSON.stringify(replies.find((reply) => reply.id === 7))).toContain('hello');
  });

  it('keeps one standalone GET stream per session, ends it on DELETE, and forgets the session', async () => {
    const session = await openSession();
    const noAccept = await fetch(server.url, { method: 'GET', headers: { ...session, accept: 'application/json' } });
    expect(noAccept.status).toBe(406);
    await noAccept.text();
    const stream = await fetch(server.url, { method: 'GET', headers: { ...session, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const second = await fetch(server.url, { method: 'GET', headers: { ...session, accept: 'text/event-stream' } });
    expect(second.status).toBe(409);
    await second.text();
    const closed = await fetch(server.url, { method: 'DELETE', headers: session });
    expect(closed.status).toBe(200);
    await stream.text(); // ends: the transport closed the stream
    expect(await post(session, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).toMatchObject({ status: 404, json: { error: { code: -32001 } } });
  });
});
