import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { connectModernClient } from '../__fixtures__/modern-client.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// Trial 3427: on loopback (or behind one proxy) every client has the same address, so a cap per
// address let one token's sessions lock out another token. Caps are per client: the token, else the address.
const logger = createMemoryLogger();
let gateway: Gateway;
let server: HttpGatewayServer;
/** The clients the gateway was asked to serve (`createServer`'s `client`), in order. */
const clients: (string | undefined)[] = [];
const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const alice = { ...base, authorization: 'Bearer alice-token-123' };
const bob = { ...base, authorization: 'Bearer bob-token-4567' };
const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fair', version: '1' } } };

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
  const watched = Object.create(gateway) as Gateway;
  watched.createServer = (context) => {
    clients.push(context?.client);
    return gateway.createServer(context);
  };
  // Sessions stay within their grace period: none may be evicted to make room.
  server = await serveHttp(watched, { logger, token: ['alice-token-123', 'bob-token-4567'], maxSessions: 10, maxSessionsPerAddress: 2, sessionGraceMs: 60_000 });
});

afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

async function open(headers: Record<string, string>): Promise<{ status: number; text: string; retryAfter: string | null }> {
  const response = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify(initialize) });
  return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
}

describe('caps per client, not per address', () => {
  it('one token at its session cap does not lock out another token on the same address', async () => {
    expect((await open(alice)).status).toBe(200);
    expect((await open(alice)).status).toBe(200);
    const refused = await open(alice);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).not.toBeNull();
    expect(refused.text).toMatch(/all 2 sessions of token [0-9a-f]{8} \(from 127\.0\.0\.1\) are in use or active within the last 60000 ms/);
    // Bob, on the same loopback address, still gets his sessions (he got 503 before: the address was at its cap).
    expect((await open(bob)).status).toBe(200);
    expect((await open(bob)).status).toBe(200);
    expect(server.sessionCount()).toBe(4);
    // Neither token is ever written to the log.
    expect(logger.lines.join('\n')).not.toMatch(/alice-token|bob-token/);
  });

  it('hands the gateway each request’s client (a token fingerprint, never the token), for stateless requests too', async () => {
    const before = clients.length;
    const client = await connectModernClient(server.url, { authorization: 'Bearer bob-token-4567' });
    await client.listTools();
    await client.close();
    const seen = clients.slice(before);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([expect.stringMatching(/^token [0-9a-f]{32}$/)]));
    const sessions = clients.slice(0, before);
    expect(new Set(sessions).size).toBe(2);
  });
});
