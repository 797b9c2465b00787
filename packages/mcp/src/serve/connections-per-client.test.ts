import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp } from './serve-http.js';

// Trial 3434: the connection cap counted addresses at accept time, so on loopback (or behind one proxy) one token
// holding the address's connections refused every other token until they timed out. A connection now counts against
// its address only until its request's headers are read, then against its client (the token, else the address).
const logger = createMemoryLogger();
let gateway: Gateway;
const ALICE = 'alice-token-123';
const BOB = 'bob-token-4567';
const initialize = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fair', version: '1' } } });

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
});

afterAll(async () => {
  await gateway?.close();
});

/**
 * A connection with `token` whose request's headers the server has read (it answered `100 Continue`) and whose body
 * never comes: a slow client holding its connection.
 */
function heldConnection(port: number, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\ncontent-type: application/json\r\n` +
          `accept: application/json, text/event-stream\r\ncontent-length: 1000\r\nexpect: 100-continue\r\n\r\n`,
      );
    });
    socket.once('data', (chunk) => (chunk.toString().startsWith('HTTP/1.1 100 Continue') ? resolve(socket) : reject(new Error(chunk.toString()))));
    socket.once('error', reject);
  });
}

async function post(url: string, token: string): Promise<{ status: number; text: string; retryAfter: string | null }> {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` };
  const response = await fetch(url, { method: 'POST', headers, body: initialize });
  return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
}

describe('connections per client, not per address', () => {
  it('one token holding its cap of slow connections does not lock out another token on the same address', async () => {
    const server = await serveHttp(gateway, { logger, closeGateway: false, token: [ALICE, BOB], maxConnections: 64, maxConnectionsPerAddress: 8 });
    const held: Socket[] = [];
    try {
      for (let index = 0; index < 8; index++) held.push(await heldConnection(server.port, ALICE));
      // Bob, on the same loopback address, is served at once (before: 503 until Alice's requests timed out).
      const bob = await post(server.url, BOB);
      expect(bob.status).toBe(200);
      // Alice's own ninth is refused, naming her token's fingerprint, never the token.
      const alice = await post(server.url, ALICE);
      expect(alice.status).toBe(503);
      expect(alice.retryAfter).toBe('1');
      expect(alice.text).toMatch(/too many connections: token [0-9a-f]{8} \(from 127\.0\.0\.1\) has 8 connections open; retry shortly/);
      expect(logger.has('warn', /refused 1 connection with 503: token [0-9a-f]{8} \(from 127\.0\.0\.1\) has 8 connections open/)).toBe(true);
      expect(logger.lines.join('\n')).not.toMatch(/alice-token|bob-token/);
    } finally {
      for (const socket of held) socket.destroy();
      await server.close();
    }
  }, 30_000);
});
