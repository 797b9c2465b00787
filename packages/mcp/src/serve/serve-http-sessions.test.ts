import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp } from './serve-http.js';

// Sessions that cannot be exhausted, with the MCP SDK's real client: its
// close() sends no DELETE, so abandoned sessions pile up unless the gateway
// evicts them.
const logger = createMemoryLogger();
let gateway: Gateway;

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'session-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function searchNames(client: Client, query: string): Promise<string[]> {
  const result = (await client.callTool({ name: 'search_tools', arguments: { query, limit: 3 } })) as unknown as {
    structuredContent: { tools: { name: string }[] };
  };
  return result.structuredContent.tools.map((tool) => tool.name);
}

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: number }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error('expected a rejection');
  return error as Error & { code?: number };
}

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
});

afterAll(async () => {
  await gateway?.close();
});

describe('serveHttp sessions', () => {
  it('serves 150 SDK clients that close() without DELETE, then a new client connects and searches', async () => {
    const server = await serveHttp(gateway, { logger, closeGateway: false });
    try {
      for (let index = 0; index < 150; index++) {
        const client = await connect(server.url);
        expect(await searchNames(client, 'echo a text message')).toContain('mcp__tools__echo_text');
        await client.close();
      }
      expect(server.sessionCount()).toBeLessThanOrEqual(50);
      expect(logger.has('info', /closed session \w+ of 127\.0\.0\.1: evicted, its client gone \(stream closed\)/)).toBe(true);
      const late = await connect(server.url);
      expect(await searchNames(late, 'echo a text message')).toContain('mcp__tools__echo_text');
      await late.close();
    } finally {
      await server.close();
    }
  }, 60_000);

  it('never evicts a session with a request in flight: 503 with Retry-After only when every session is busy', async () => {
    const server = await serveHttp(gateway, { logger, closeGateway: false, maxSessions: 2 });
    try {
      const busy = [await connect(server.url), await connect(server.url)];
      const hanging = busy.map((client) =>
        client.callTool({ name: 'call_tool', arguments: { name: 'mcp__tools__hang_forever' } }, undefined, { timeout: 60_000 }).catch(() => undefined),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/all 2 sessions (of 127\.0\.0\.1 )?are in use or active within the last/);
      for (const client of busy) await client.close();
      await Promise.all(hanging);
      const next = await connect(server.url);
      expect(await searchNames(next, 'echo')).toContain('mcp__tools__echo_text');
      await next.close();
    } finally {
      await server.close();
    }
  }, 30_000);

  it('answers 404 to an evicted session, and a well-behaved client re-initializes', async () => {
    const server = await serveHttp(gateway, { logger, closeGateway: false, maxSessions: 1, sessionGraceMs: 0 });
    try {
      const first = await connect(server.url);
      await searchNames(first, 'echo');
      const second = await connect(server.url);
      const error = await rejection(searchNames(first, 'echo'));
      expect(error.code).toBe(404);
      expect(error.message).toMatch(/Session not found/);
      await first.close();
      await second.close();
      const again = await connect(server.url);
      expect(await searchNames(again, 'echo')).toContain('mcp__tools__echo_text');
      await again.close();
    } finally {
      await server.close();
    }
  });

  it('closes sessions idle past the idle timeout, logged at info', async () => {
    const server = await serveHttp(gateway, { logger, closeGateway: false, sessionIdleTimeoutMs: 300 });
    try {
      const raw = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
      });
      const sessionId = raw.headers.get('mcp-session-id')!;
      await raw.text();
      expect(server.sessionCount()).toBe(1);
      await waitFor(() => server.sessionCount() === 0, 3000, 'the idle timeout');
      expect(logger.has('info', /closed session \w+ of 127\.0\.0\.1: idle for \d+ s \(idle timeout 300 ms\)/)).toBe(true);
      const after = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(after.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
