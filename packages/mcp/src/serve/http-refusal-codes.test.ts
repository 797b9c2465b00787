import { connect, type Socket } from 'node:net';
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

async function send(method: string, extra: Record<string, string | undefined>, body?: string, url = served.url): Promise<{ status: number; error: Record<string, unknown> }> {
  const merged = Object.fromEntries(Object.entries({ ...headers, ...extra }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const response = await fetch(url, { method, headers: merged, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  const json = (text.startsWith('{') ? JSON.parse(text) : JSON.parse(text.split('\n').find((line) => line.startsWith('data: '))!.slice(6))) as { error: Record<string, unknown> };
  return { status: response.status, error: json.error };
}

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  served = await serveHttp(gateway, { logger, token: TOKEN, maxBodyBytes: 16_384, maxSessions: 1, sessionGraceMs: 60_000 });
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
      [{}, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping', params: { pad: 'x'.repeat(20_000) } }), 'POST', 413, -32000, 'mcp-arguments-too-large'],
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

// 3442: the refusals 3439 left without a code. Statuses and JSON-RPC codes are unchanged.
describe('serveHttp refusals 3439 left without data.code', () => {
  it('405, a wrong path, a body that is not JSON, and envelopes that are not JSON-RPC (a bare array nested 5,000 deep) say invalid-input', async () => {
    const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const cases: [string, string | undefined, string, number, number][] = [
      ['PUT', JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'ping' }), served.url, 405, -32000],
      ['POST', JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }), new URL('/not-mcp', served.url).href, 404, -32000],
      ['POST', '{"jsonrpc":', served.url, 400, -32700],
      ['POST', deepArray, served.url, 400, -32600],
      ['POST', '[]', served.url, 400, -32600],
      ['POST', JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping', params: 'x' }), served.url, 400, -32600],
    ];
    for (const [method, body, url, status, code] of cases) {
      const reply = await send(method, {}, body, url);
      expect({ method, url, body: body?.slice(0, 20), status: reply.status, code: reply.error['code'], data: reply.error['data'] }).toMatchObject({ status, code, data: { code: 'invalid-input' } });
    }
  });

  it('503 while the gateway starts says gateway-starting, with its retry delay', async () => {
    const starting = await serveHttp(new Promise<Gateway>(() => {}), { logger, token: TOKEN, closeGateway: false });
    try {
      const reply = await send('POST', {}, initialize, starting.url);
      expect(reply).toMatchObject({ status: 503, error: { code: -32000, message: /the gateway is starting/, data: { code: 'gateway-starting', retryAfterSeconds: 1 } } });
    } finally {
      await starting.close();
    }
  });

  it('503 at the connection caps says gateway-too-many-connections, at accept and once the token is known', async () => {
    const capped = await serveHttp(gateway, { logger, token: TOKEN, closeGateway: false, maxConnections: 2, maxConnectionsPerAddress: 1 });
    const held: Socket[] = [];
    try {
      // One connection whose headers were read holds the token's one slot; the next one with that token is refused.
      held.push(await heldConnection(capped.port));
      const client = await send('POST', {}, initialize, capped.url);
      expect(client).toMatchObject({ status: 503, error: { code: -32000, message: /too many connections: token/, data: { code: 'gateway-too-many-connections', retryAfterSeconds: 1 } } });
      // Two connections that sent nothing hold every slot: the next is refused at accept, before its bytes are read.
      held.push(await openConnection(capped.port));
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(capped.port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', () => {});
      });
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({ code: -32000, message: /too many connections: all 2 connections are open/, data: { code: 'gateway-too-many-connections', retryAfterSeconds: 1 } });
    } finally {
      for (const socket of held) socket.destroy();
      await capped.close();
    }
  });
});

describe('refusals made by Node and by the SDK carry data.code too', () => {
  it('Node\'s own 400, 431 and 408 answer a JSON-RPC error with data.code (they had no body)', async () => {
    const timed = await serveHttp(gateway, { logger, token: TOKEN, closeGateway: false, headersTimeoutMs: 1000, requestTimeoutMs: 1500 });
    try {
      const [garbage, huge, slow] = await Promise.all([
        rawExchange(timed.port, 'GARBAGE\r\n\r\n'),
        rawExchange(timed.port, `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:${timed.port}\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`),
        // The headers never end: the server's header deadline cuts it.
        rawExchange(timed.port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${timed.port}\r\n`),
      ]);
      expect(garbage).toMatchObject({ status: 400, error: { code: -32000, data: { code: 'invalid-input' } } });
      expect(huge).toMatchObject({ status: 431, error: { code: -32000, data: { code: 'invalid-input' } } });
      expect(slow).toMatchObject({ status: 408, error: { code: -32000, message: /not received in time \(headers within 1000 ms, the whole request within 1500 ms\)/, data: { code: 'gateway-request-timeout' } } });
    } finally {
      await timed.close();
    }
  }, 20_000);

  it('the SDK\'s refusals of a 2026-07-28 request (415, -32020 header mismatch) gain data.code and keep their data', async () => {
    const modern = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', authorization: `Bearer ${TOKEN}` };
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    const list = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: { _meta: meta } });
    const mismatch = await fetch(served.url, { method: 'POST', headers: modern, body: list });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: unknown }).error).toMatchObject({ code: -32020, data: { code: 'invalid-input', mismatch: expect.any(Object) } });
    const wrongType = await fetch(served.url, { method: 'POST', headers: { ...modern, 'mcp-method': 'tools/list', 'content-type': 'text/plain' }, body: list });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { error: unknown }).error).toMatchObject({ code: -32000, data: { code: 'invalid-input' } });
  });
});

/** Sends `text` on a new connection and reads the answer until the server closes it: status and JSON-RPC error. */
function rawExchange(port: number, text: string): Promise<{ status: number; error: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      try {
        resolve({ status, error: (JSON.parse(body) as { error: unknown }).error });
      } catch {
        reject(new Error(`no JSON body in ${JSON.stringify(answer)}`));
      }
    });
    socket.on('error', () => {});
  });
}

/** A connection that sent nothing yet (it counts against its address). */
function openConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** A connection with the token whose headers the server read (it answered `100 Continue`) and whose body never comes. */
function heldConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\ncontent-type: application/json\r\n` +
          `accept: application/json, text/event-stream\r\ncontent-length: 1000\r\nexpect: 100-continue\r\n\r\n`,
      );
    });
    socket.once('data', (chunk) => (chunk.toString().startsWith('HTTP/1.1 100 Continue') ? resolve(socket) : reject(new Error(chunk.toString()))));
    socket.once('error', reject);
  });
}
