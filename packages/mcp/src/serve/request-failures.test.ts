import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';
import { MAX_BODY_DEPTH } from './serve-http-options.js';

// Trial 3437: a request failing inside the gateway after its body was read was taken for a client abort
// (the request stream is done once read), so it was never answered nor logged, and hung until restart.
const logger = createMemoryLogger();
let gateway: Gateway;
let served: HttpGatewayServer;

const modern = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const legacy = { ...modern, 'mcp-protocol-version': '2025-06-18' };

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

async function post(body: string, headers: Record<string, string> = modern): Promise<{ status: number; body: { id?: unknown; error?: { code: number; message: string; data?: Record<string, unknown> } } }> {
  const response = await fetch(served.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  served = await serveHttp(gateway, { logger });
});

afterAll(async () => {
  await served?.close();
});

describe('serveHttp requests failing after their body is read', () => {
  it('refuses a body nested 5,000 levels deep -32602 mcp-arguments-too-deep, in band, with a log line', async () => {
    const reply = await post(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":${nested(5000)}}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: 1, error: { code: -32602, data: { code: 'mcp-arguments-too-deep', limit: MAX_BODY_DEPTH } } });
    expect(reply.body.error?.message).toMatch(new RegExp(`nests deeper than ${MAX_BODY_DEPTH} levels; it was not run`));
    expect(logger.has('warn', /refused POST \/mcp from 127\.0\.0\.1: .*nests deeper than \d+ levels; it was not run \[mcp-arguments-too-deep\]/)).toBe(true);
  });

  it('refuses a call_tool whose arguments nest 4,900 levels the same way, in either era', async () => {
    const call = (id: number): string => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"call_tool","arguments":{"name":"mcp__tools__echo_text","arguments":{"text":"a","extra":${nested(4900)}}}}}`;
    for (const [id, headers] of [[2, modern], [3, legacy]] as const) {
      const reply = await post(call(id), headers);
      expect(reply.body).toMatchObject({ id, error: { code: -32602, data: { code: 'mcp-arguments-too-deep' } } });
    }
  });

  it('answers any other failure after the body was read 500 with data.code internal, logged at error', async () => {
    const createServer = gateway.createServer.bind(gateway);
    (gateway as { createServer: typeof gateway.createServer }).createServer = () => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    try {
      const initialize = { jsonrpc: '2.0', id: 4, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
      const reply = await post(JSON.stringify(initialize), legacy);
      expect(reply.status).toBe(500);
      expect(reply.body).toMatchObject({ error: { code: -32000, data: { code: 'internal' } } });
      expect(logger.has('error', /POST \/mcp from 127\.0\.0\.1 failed: Maximum call stack size exceeded/)).toBe(true);
    } finally {
      (gateway as { createServer: typeof gateway.createServer }).createServer = createServer;
    }
    // The server still answers.
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} }), legacy)).status).toBe(400);
  });
});
