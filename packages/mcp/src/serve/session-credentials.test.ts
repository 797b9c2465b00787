import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// Issue 34 item 4: a session is bound to the credentials that opened it; another client that
// holds its id can neither use nor delete it (404, as for a session that does not exist).
const logger = createMemoryLogger();
let gateway: Gateway;
let server: HttpGatewayServer;
const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const alice = { ...base, authorization: 'Bearer alice-token-123' };
const mallory = { ...base, authorization: 'Bearer mallory-token-456' };

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  server = await serveHttp(gateway, { logger, token: ['alice-token-123', 'mallory-token-456'] });
});

afterAll(async () => {
  await server?.close();
});

async function send(headers: Record<string, string>, method: string, body?: unknown): Promise<{ status: number; text: string; session: string | null }> {
  const response = await fetch(server.url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, text: await response.text(), session: response.headers.get('mcp-session-id') };
}

describe('sessions bound to credentials', () => {
  it('another token holding the id gets 404 for POST, GET and DELETE; the owner carries on', async () => {
    const opened = await send(alice, 'POST', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'alice', version: '1' } } });
    const id = opened.session!;
    const owner = { ...alice, 'mcp-session-id': id };
    const thief = { ...mallory, 'mcp-session-id': id };
    expect((await send(owner, 'POST', { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect(await send(thief, 'POST', list)).toMatchObject({ status: 404, text: expect.stringContaining('Session not found') });
    expect((await send(thief, 'GET')).status).toBe(404);
    expect((await send(thief, 'DELETE')).status).toBe(404);
    const mine = await send(owner, 'POST', list);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('search_tools');
    expect((await send(owner, 'DELETE')).status).toBe(200);
    expect(server.sessionCount()).toBe(0);
  });
});
