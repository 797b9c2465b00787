import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// How a search answer leaves over streamable HTTP. The SDK's transport sends
// a POST's replies as an SSE stream; when every reply is ready within a few
// microtasks of the request, the stream is written as one body with a
// Content-Length (one write, and one read for the client), otherwise it is
// flushed in chunks. The gateway answers a search synchronously (with a
// synchronous ranker), so it gets the single write, as a server answering a
// constant does; only a reply with a notification in front (the session's
// first tools/list_changed) streams.
const logger = createMemoryLogger();
let gateway: Gateway;
let server: HttpGatewayServer;

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  server = await serveHttp(gateway, { logger });
});

afterAll(async () => {
  await server?.close();
});

describe('serveHttp responses', () => {
  it('sends a search answer as one body with a Content-Length, not a chunked stream', async () => {
    const initialize = await fetch(server.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
    const session = { ...headers, 'mcp-session-id': initialize.headers.get('mcp-session-id')! };
    await initialize.text();
    await (await fetch(server.url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
    const search = async (id: number): Promise<{ length: string | null; encoding: string | null; events: unknown[] }> => {
      const call = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_tools', arguments: { query: 'echo a text message' } } };
      const response = await fetch(server.url, { method: 'POST', headers: session, body: JSON.stringify(call) });
      const body = await response.text();
      const events = body.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)) as unknown);
      return { length: response.headers.get('content-length'), encoding: response.headers.get('transfer-encoding'), events };
    };
    const first = await search(1);
    expect(first.events).toMatchObject([{ method: 'notifications/tools/list_changed' }, { id: 1, result: { structuredContent: { tools: [{ name: 'mcp__tools__echo_text' }] } } }]);
    for (let id = 2; id < 6; id++) {
      const later = await search(id);
      expect(later.events).toMatchObject([{ id, result: { structuredContent: { tools: [{ name: 'mcp__tools__echo_text' }] } } }]);
      expect(later).toMatchObject({ encoding: null, length: expect.stringMatching(/^\d+$/) });
    }
  });
});
