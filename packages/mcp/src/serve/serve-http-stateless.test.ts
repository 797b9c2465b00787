import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UsageEvent } from '@loadout/core';
import { ProtocolError } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { connectModernClient } from '../__fixtures__/modern-client.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { encodeSearchId } from '../gateway/search-id.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// Both protocol generations against one gateway over HTTP: the SDK v2 client speaking 2026-07-28
// (stateless, no session) and the SDK 1.x client (2025-era session), with one upstream of each generation.
const fixtures = join(fileURLToPath(new URL('.', import.meta.url)), '..', '__fixtures__');
const logger = createMemoryLogger();
const events: UsageEvent[] = [];
let gateway: Gateway;
let served: HttpGatewayServer;

interface SearchContent {
  readonly query: string;
  readonly searchId?: string;
  readonly tools: readonly { name: string; description: string; inputSchema: Record<string, unknown>; available: boolean }[];
}

beforeAll(async () => {
  gateway = await createGateway({
    config: {
      mcpServers: {
        weather: nodeUpstream(join(fixtures, 'weather-server.mjs')),
        modern: nodeUpstream(join(fixtures, 'modern-server.mjs')),
      },
    },
    logger,
    upstreamStderr: 'ignore',
    recordUsage: (event) => void events.push(event),
  });
  served = await serveHttp(gateway, { logger, closeGateway: false });
}, 60_000);

afterAll(async () => {
  await served?.close();
  await gateway?.close();
});

describe('serveHttp, two protocol generations', () => {
  it('serves a 2026-07-28 client without a session: list with a time to live, full definitions, searchId, schema-checked call_tool', async () => {
    const client = await connectModernClient(served.url);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
      expect((listed as { ttlMs?: number }).ttlMs).toBeGreaterThan(0);
      expect(served.sessionCount()).toBe(0);

      const result = await client.callTool({ name: 'search_tools', arguments: { query: 'weather forecast for a city', limit: 3 } });
      const content = result.structuredContent as unknown as SearchContent;
      expect(content.tools[0]).toMatchObject({ name: 'mcp__weather__get_forecast', description: 'Get the weather forecast for a city', available: true });
      expect(content.tools[0]!.inputSchema).toMatchObject({ properties: { city: { type: 'string' } }, required: ['city'] });
      expect(content.searchId).toMatch(/^s2\./);
      // Nothing joined a list: a stateless client calls found tools through call_tool.
      expect((await client.listTools({}, { cache: 'bypass' } as never)).tools).toHaveLength(2);

      const called = await client.callTool({
        name: 'call_tool',
        arguments: { name: 'mcp__weather__get_forecast', arguments: { city: 'Paris' }, searchId: content.searchId },
      });
      expect(called.isError).not.toBe(true);
      expect(events).toContainEqual(expect.objectContaining({ query: 'weather forecast for a city', called: ['mcp__weather__get_forecast'] }));

      const bad = await client
        .callTool({ name: 'call_tool', arguments: { name: 'mcp__weather__get_forecast', arguments: { city: 5 } } })
        .then((value) => value, (error: unknown) => error);
      expect(bad).toBeInstanceOf(ProtocolError);
      expect((bad as ProtocolError).code).toBe(-32602);
      expect((bad as ProtocolError).message).toMatch(/arguments of "mcp__weather__get_forecast" do not match its input schema/);
    } finally {
      await client.close();
    }
  });

  it('records a stateless call_tool only under a receipt that checks out, on any replica, once per search and tool', async () => {
    // A second replica of the same config: no state shared with the first but the config.
    const replicaEvents: UsageEvent[] = [];
    const replica = await createGateway({
      config: { mcpServers: { weather: nodeUpstream(join(fixtures, 'weather-server.mjs')) } },
      logger,
      upstreamStderr: 'ignore',
      recordUsage: (event) => void replicaEvents.push(event),
    });
    const replicaServed = await serveHttp(replica, { logger, closeGateway: false });
    const query = 'alert subscribers';
    const users = [await connectModernClient(served.url), await connectModernClient(served.url)];
    const onReplica = await connectModernClient(replicaServed.url);
    try {
      const ours = (event: UsageEvent) => event.query === query || event.query === 'totally unrelated words';
      const alert = (searchId: string) => ({ name: 'call_tool', arguments: { name: 'mcp__weather__send_alert', arguments: { text: 'storm' }, searchId } });
      // The trial's forgery: a searchId made up for a query that does not find the tool.
      expect((await users[0]!.callTool(alert(encodeSearchId('totally unrelated words', ['mcp__weather__send_alert'])))).isError).not.toBe(true);
      // Two users run the same search: two searchIds, two events; calling again under one id adds nothing.
      const ids: string[] = [];
      for (const user of users) {
        const { searchId } = (await user.callTool({ name: 'search_tools', arguments: { query } })).structuredContent as unknown as SearchContent;
        ids.push(searchId!);
        await user.callTool(alert(searchId!));
        await user.callTool(alert(searchId!));
      }
      expect(ids[0]).not.toBe(ids[1]);
      expect(events.filter(ours).map((event) => event.query)).toEqual([query, query]);
      // The other replica checks an id it never issued by running its search, and records it once; a forged one not.
      await onReplica.callTool(alert(ids[0]!));
      await onReplica.callTool(alert(ids[0]!));
      await onReplica.callTool(alert(encodeSearchId('totally unrelated words', ['mcp__weather__send_alert'])));
      expect(replicaEvents.map(({ query, called }) => ({ query, called }))).toEqual([{ query, called: ['mcp__weather__send_alert'] }]);
    } finally {
      for (const client of [...users, onReplica]) await client.close();
      await replicaServed.close();
      await replica.close();
    }
  });

  it('records a stateless call only once its upstream answered it successfully (trial 3420)', async () => {
    const failing: UsageEvent[] = [];
    const failingGateway = await createGateway({
      config: { mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_FAILING_TOOLS: '1' }) } },
      logger,
      upstreamStderr: 'ignore',
      recordUsage: (event) => void failing.push(event),
    });
    const failingServed = await serveHttp(failingGateway, { logger });
    const client = await connectModernClient(failingServed.url);
    try {
      const callFound = async (query: string, tool: string, args: Record<string, unknown> = {}) => {
        const found = (await client.callTool({ name: 'search_tools', arguments: { query, limit: 20 } })).structuredContent as unknown as SearchContent;
        expect(found.tools.map((hit) => hit.name)).toContain(tool);
        return client.callTool({ name: 'call_tool', arguments: { name: tool, arguments: args, searchId: found.searchId } }).then(
          (result) => (result.isError === true ? 'isError' : 'ok'),
          () => 'rejected',
        );
      };
      expect(await callFound('report a failure of the operation as a tool error', 'mcp__bad__fail_softly')).toBe('isError');
      expect(await callFound('answer the operation with a protocol error', 'mcp__bad__fail_loudly')).toBe('rejected');
      expect(failing).toEqual([]);
      expect(await callFound('echo a text message back unchanged', 'mcp__bad__echo_text', { text: 'hi' })).toBe('ok');
      expect(failing.map((event) => event.called)).toEqual([['mcp__bad__echo_text']]);
    } finally {
      await client.close();
      await failingServed.close();
    }
  });

  it('proxies an upstream of either generation (SDK 1.x stdio server and a 2026-07-28 SDK v2 server)', async () => {
    const client = await connectModernClient(served.url);
    try {
      const translated = await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__modern__translate', arguments: { text: 'hello', to: 'fr' } } });
      expect((translated.content as { text: string }[])[0]!.text).toBe('translate (modern): {"text":"hello","to":"fr"}');
      const forecast = await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__weather__get_forecast', arguments: { city: 'Oslo' } } });
      expect(forecast.isError).not.toBe(true);
    } finally {
      await client.close();
    }
  });

  it('keeps serving a 2025-era SDK 1.x session at the same time: found tools join that session’s list', async () => {
    const legacy = new LegacyClient({ name: 'legacy-test', version: '1.0.0' });
    await legacy.connect(new LegacyTransport(new URL(served.url)));
    const modern = await connectModernClient(served.url);
    try {
      expect(served.sessionCount()).toBe(1);
      const [found] = await Promise.all([
        legacy.callTool({ name: 'search_tools', arguments: { query: 'translate a text' } }),
        modern.callTool({ name: 'search_tools', arguments: { query: 'detect the language' } }),
      ]);
      expect((found.structuredContent as unknown as SearchContent).tools[0]!.name).toBe('mcp__modern__translate');
      expect((await legacy.listTools()).tools.map((tool) => tool.name)).toContain('mcp__modern__translate');
      const direct = await legacy.callTool({ name: 'mcp__modern__translate', arguments: { text: 'hi', to: 'de' } });
      expect((direct.content as { text: string }[])[0]!.text).toMatch(/^translate/);
    } finally {
      await legacy.close();
      await modern.close();
    }
  });
});
