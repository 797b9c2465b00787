import { request as httpRequest } from 'node:http';
import { isLoadoutError } from '@loadout/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// The HTTP safety checks, against the MCP SDK's real Client and raw requests.
// A gateway with no upstreams is enough: every check happens before the MCP layer.
const TOKEN = 'test-token-4f9a2c';
const logger = createMemoryLogger();
let gateway: Gateway;
let open: HttpGatewayServer;
let guarded: HttpGatewayServer;

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'safety-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

async function connectError(url: string, headers: Record<string, string> = {}): Promise<Error & { code?: number }> {
  const client = new Client({ name: 'safety-test', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  } catch (error) {
    return error as Error & { code?: number };
  }
  await client.close();
  throw new Error('expected the connection to be refused');
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } });
}

/** A raw request, for headers fetch will not let us set (Host) and chunked bodies. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; chunks?: Buffer[] }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers ?? {} }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: {} }, logger });
  open = await serveHttp(gateway, { logger, closeGateway: false, allowedOrigins: ['http://localhost:5173'] });
  guarded = await serveHttp(gateway, { logger, closeGateway: false, token: TOKEN, maxBodyBytes: 4096 });
});

afterAll(async () => {
  await open?.close();
  await guarded?.close();
  await gateway?.close();
});

describe('serveHttp safety', () => {
  it('binds 127.0.0.1 by default and serves a real client there', async () => {
    expect(open.host).toBe('127.0.0.1');
    expect(open.url).toBe(`http://127.0.0.1:${open.port}/mcp`);
    const client = await connect(open.url);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
    await client.close();
  });

  it('refuses a request with a foreign Origin with 403 (DNS-rebinding protection)', async () => {
    const error = await connectError(open.url, { origin: 'http://evil.example' });
    expect(error.code).toBe(403);
    expect(error.message).toMatch(/Origin .*evil\.example.* is not allowed/);
    expect((await post(open.url, initialize, { origin: 'http://evil.example' })).status).toBe(403);
    expect(logger.has('warn', /refused POST \/mcp .*403 Origin "http:\/\/evil.example"/)).toBe(true);
  });

  it('accepts its own origin and listed origins', async () => {
    for (const origin of [`http://127.0.0.1:${open.port}`, `http://localhost:${open.port}`, 'http://localhost:5173']) {
      const client = await connect(open.url, { origin });
      await client.close();
    }
  });

  it('refuses a Host header other than its own with 403', async () => {
    const response = await raw(open.url, { headers: { host: `attacker.example:${open.port}`, 'content-type': 'application/json' }, chunks: [Buffer.from(initialize)] });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.message).toMatch(/Host "attacker.example:\d+" is not allowed/);
  });

  it('requires the bearer token when one is set: missing or wrong gets 401', async () => {
    expect((await connectError(guarded.url)).code).toBe(401);
    expect((await connectError(guarded.url, { authorization: 'Bearer not-the-token' })).code).toBe(401);
    const response = await post(guarded.url, initialize);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const client = await connect(guarded.url, { authorization: `Bearer ${TOKEN}` });
    expect((await client.listTools()).tools).toHaveLength(2);
    await client.close();
  });

  it('answers 413 to a body over the cap: declared, streamed, and from a real client mid-session', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { padding: 'x'.repeat(10_000) } });
    expect((await post(guarded.url, big, auth)).status).toBe(413);
    const chunked = await raw(guarded.url, {
      headers: { ...auth, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks: Array.from({ length: 8 }, () => Buffer.alloc(1024, 0x20)),
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.message).toBe('request body larger than 4096 bytes');
    const client = await connect(guarded.url, auth);
    const error = await client.callTool({ name: 'search_tools', arguments: { query: 'q'.repeat(8000) } }).then(
      () => undefined,
      (reason: unknown) => reason as Error & { code?: number },
    );
    expect(error?.code).toBe(413);
    await client.close();
  });

  it('answers 404 elsewhere, 405 to other methods, 400 without a session, 404 to an unknown session', async () => {
    expect((await post(`http://127.0.0.1:${open.port}/other`, initialize)).status).toBe(404);
    expect((await fetch(open.url, { method: 'PUT' })).status).toBe(405);
    expect((await post(open.url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))).status).toBe(400);
    expect((await post(open.url, '{not json')).status).toBe(400);
    expect((await post(open.url, initialize, { 'mcp-session-id': 'no-such-session' })).status).toBe(404);
    expect((await fetch(open.url, { method: 'GET' })).status).toBe(400);
  });

  it('answers an empty batch and non-object params with JSON-RPC Invalid Request (-32600), not a parse error', async () => {
    const started = await post(open.url, initialize);
    const session = started.headers.get('mcp-session-id')!;
    await started.text();
    const empty = await post(open.url, '[]', { 'mcp-session-id': session });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: an empty batch', data: { code: 'invalid-input' } }, id: null });
    const params = await post(open.url, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: 'x' }), { 'mcp-session-id': session });
    expect(params.status).toBe(400);
    expect(await params.json()).toMatchObject({ error: { code: -32600, message: /params must be an object/ }, id: 7 });
  });

  it('answers a body that is not JSON with JSON-RPC Parse error (-32700)', async () => {
    const broken = await post(open.url, '{not json');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the request body is not valid JSON', data: { code: 'invalid-input' } }, id: null });
  });

  it('logs a client that hangs up mid-body at debug, not as an error', async () => {
    const { connect: connectSocket } = await import('node:net');
    await new Promise<void>((resolve) => {
      const socket = connectSocket(open.port, '127.0.0.1', () => {
        socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${open.port}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"jsonrpc"`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logger.has('debug', /POST from 127\.0\.0\.1 aborted by the client/)).toBe(true);
    expect(logger.lines.filter((line) => line.startsWith('error: '))).toEqual([]);
  });

  it('refuses non-loopback addresses unless explicitly allowed, and logs every relaxation', async () => {
    const refused = await serveHttp(gateway, { host: '0.0.0.0', logger }).catch((error: unknown) => error);
    expect(isLoadoutError(refused) && refused.code).toBe('invalid-option');
    expect((refused as Error).message).toMatch(/refusing to listen on "0.0.0.0"/);
    const relaxedLogger = createMemoryLogger();
    const relaxed = await serveHttp(gateway, {
      host: '0.0.0.0',
      allowNonLoopback: true,
      allowedOrigins: ['*'],
      maxBodyBytes: 2_000_000,
      closeGateway: false,
      logger: relaxedLogger,
    });
    try {
      expect(relaxedLogger.has('warn', /reachable from other machines/)).toBe(true);
      expect(relaxedLogger.has('warn', /Host header check is off/)).toBe(true);
      expect(relaxedLogger.has('warn', /Origin check is off/)).toBe(true);
      expect(relaxedLogger.has('warn', /no bearer token required: anyone who can reach/)).toBe(true);
      expect(relaxedLogger.has('warn', /request size cap raised to 2000000 bytes/)).toBe(true);
      const client = await connect(`http://127.0.0.1:${relaxed.port}/mcp`, { origin: 'http://evil.example' });
      await client.close();
    } finally {
      await relaxed.close();
    }
  });

  it('rejects invalid settings with coded errors', async () => {
    for (const options of [{ allowedOrigins: ['not an origin'] }, { token: 'short' }, { port: 70_000 }, { maxBodyBytes: 10 }, { path: 'mcp' }]) {
      const error = await serveHttp(gateway, { ...options, logger }).catch((reason: unknown) => reason);
      expect(isLoadoutError(error) && error.code).toBe('invalid-option');
    }
  });
});
