import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UsageEvent } from '@loadout/core';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { parseMcpConfig } from '../config/parse-mcp-config.js';
import type { CreateGatewayOptions } from './create-gateway-options.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';
import { encodeSearchId } from './search-id.js';

// A real upstream (the weather fixture over stdio) and the MCP SDK's own Client, one per session.
const weather = fileURLToPath(new URL('../__fixtures__/weather-server.mjs', import.meta.url));
const config = parseMcpConfig({ mcpServers: { weather: nodeUpstream(weather) } });
const open: { gateway: Gateway; clients: Client[] }[] = [];
const FORECAST = 'mcp__weather__get_forecast';
const ALERT = 'mcp__weather__send_alert';
const pairs = (events: UsageEvent[]) => events.map(({ query, called }) => ({ query, called }));

async function start(options: Partial<CreateGatewayOptions> = {}) {
  const logger = createMemoryLogger();
  const gateway = await createGateway({ config, logger, upstreamStderr: 'ignore', ...options });
  const entry = { gateway, clients: [] as Client[] };
  open.push(entry);
  const session = async () => {
    const client = new Client({ name: 'usage-test', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await gateway.createServer().connect(serverSide);
    await client.connect(clientSide);
    entry.clients.push(client);
    return {
      search: async (query: string) => (await client.callTool({ name: 'search_tools', arguments: { query } })).structuredContent as { searchId: string; tools: { name: string }[] },
      call: (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }),
    };
  };
  return { gateway, logger, session };
}

afterEach(async () => {
  for (const { gateway, clients } of open.splice(0)) {
    for (const client of clients) await client.close();
    await gateway.close();
  }
});

describe('the gateway records search-then-call usage (opt-in)', () => {
  it('records a call of a found tool, directly or through call_tool, once per search and per session', async () => {
    const events: UsageEvent[] = [];
    const { session } = await start({ recordUsage: (event) => events.push(event) });
    const first = await session();
    const found = await first.search('weather forecast for a city');
    expect(found.tools.map((tool) => tool.name)).toContain('mcp__weather__get_forecast');
    await first.call('mcp__weather__get_forecast', { city: 'Oslo' });
    await first.call('mcp__weather__get_forecast', { city: 'Bergen' });
    await first.search('send an alert');
    await first.call('call_tool', { name: 'mcp__weather__send_alert', arguments: { text: 'storm' } });
    // Another session's call of a tool it never searched for teaches nothing.
    const second = await session();
    await second.call('call_tool', { name: 'mcp__weather__get_forecast', arguments: { city: 'Rome' } });
    expect(events.map(({ query, called }) => ({ query, called }))).toEqual([
      { query: 'weather forecast for a city', called: ['mcp__weather__get_forecast'] },
      { query: 'send an alert', called: ['mcp__weather__send_alert'] },
    ]);
    expect(events.every((event) => typeof event.at === 'number')).toBe(true);
  });

  it('records nothing for select: queries or unknown tools, and survives a recorder that throws or rejects', async () => {
    const events: UsageEvent[] = [];
    let calls = 0;
    const { session, logger } = await start({
      // The first event throws, the second rejects asynchronously, the third throws a non-Error: each is logged, none fails a call.
      recordUsage: (event) => {
        calls++;
        if (calls === 1) throw new Error('disk on fire');
        if (calls === 2) return Promise.reject(new Error('async disk on fire')) as unknown as void;
        if (calls === 3) throw 'a string';
        events.push(event);
      },
    });
    const client = await session();
    await client.search('select:mcp__weather__get');
    await client.call('mcp__weather__get', { key: 'a' });
    await expect(client.call('call_tool', { name: 'mcp__nowhere__tool', arguments: {} })).rejects.toThrow(/unknown tool/);
    await client.search('weather forecast');
    const result = await client.call('mcp__weather__get_forecast', { city: 'Oslo' });
    expect(result.isError).not.toBe(true);
    expect(logger.has('warn', /recordUsage failed, the event was not recorded: disk on fire/)).toBe(true);
    await client.search('send an alert');
    expect((await client.call('mcp__weather__send_alert', { text: 'rain' })).isError).not.toBe(true);
    await client.search('stored value by key');
    expect((await client.call('mcp__weather__get', { key: 'k' })).isError).not.toBe(true);
    // The rejection is logged when it happens: wait for that event, not for a duration.
    await vi.waitFor(() => expect(logger.has('warn', /recordUsage failed, the event was not recorded: async disk on fire/)).toBe(true));
    expect(logger.has('warn', /recordUsage failed, the event was not recorded: a string/)).toBe(true);
    await client.search('alert subscribers');
    await client.call('mcp__weather__send_alert', { text: 'fog' });
    expect(events.map((event) => event.query)).toEqual(['alert subscribers']);
  });

  it('records nothing for a forged searchId: its search, run again, must return the tool (issue 29 trial)', async () => {
    const events: UsageEvent[] = [];
    const { session } = await start({ recordUsage: (event) => events.push(event) });
    const client = await session();
    const forged = encodeSearchId('totally unrelated words', [FORECAST]);
    const called = await client.call('call_tool', { name: FORECAST, arguments: { city: 'Oslo' }, searchId: forged });
    expect(called.isError).not.toBe(true);
    // Nor is a bad receipt replaced by the session's latest search: call_tool named its search.
    await client.search('weather forecast for a city');
    await client.call('call_tool', { name: FORECAST, arguments: { city: 'Oslo' }, searchId: forged });
    await client.call('call_tool', { name: FORECAST, arguments: { city: 'Oslo' }, searchId: 'not a receipt' });
    expect(events).toEqual([]);
    // A genuine receipt of a search this session did not make (another replica's) checks out by searching again.
    const elsewhere = encodeSearchId('weather forecast for a city', (await client.search('weather forecast for a city')).tools.map((tool) => tool.name));
    await client.call('call_tool', { name: FORECAST, arguments: { city: 'Oslo' }, searchId: elsewhere });
    expect(pairs(events)).toEqual([{ query: 'weather forecast for a city', called: [FORECAST] }]);
  });

  it('records one event per search and tool in a session, the same search in two sessions twice, through call_tool or directly alike', async () => {
    const events: UsageEvent[] = [];
    const { session } = await start({ recordUsage: (event) => events.push(event) });
    const query = 'weather forecast for a city';
    for (const how of ['call_tool', 'direct'] as const) {
      for (const user of [await session(), await session()]) {
        const { searchId } = await user.search(query);
        for (const city of ['Oslo', 'Bergen']) {
          if (how === 'direct') await user.call(FORECAST, { city });
          else await user.call('call_tool', { name: FORECAST, arguments: { city }, searchId });
        }
      }
    }
    expect(pairs(events)).toEqual(Array.from({ length: 4 }, () => ({ query, called: [FORECAST] })));
    // A second search of the same query in one session is a second event; call_tool with its id then a direct call, one.
    const user = await session();
    await user.search(query);
    await user.call(FORECAST, { city: 'Oslo' });
    const { searchId } = await user.search(query);
    await user.call('call_tool', { name: FORECAST, arguments: { city: 'Oslo' }, searchId });
    await user.call(FORECAST, { city: 'Oslo' });
    expect(events).toHaveLength(6);
  });

  it('credits a direct call to the session’s most recent search that found the tool, not to whichever search ended last (3427)', async () => {
    const events: UsageEvent[] = [];
    const { session } = await start({ recordUsage: (event) => events.push(event) });
    const client = await session();
    expect((await client.search('weather forecast for a city')).tools.map((tool) => tool.name)).toContain(FORECAST);
    const later = await client.search('alert subscribers');
    expect(later.tools.map((tool) => tool.name)).toContain(ALERT);
    expect(later.tools.map((tool) => tool.name)).not.toContain(FORECAST);
    // The forecast follows a later search that did not find it: it is credited to the search that did.
    await client.call(FORECAST, { city: 'Oslo' });
    // An empty or null searchId (as models fill optional fields) is no receipt: paired as a direct call.
    await client.call('call_tool', { name: ALERT, arguments: { text: 'hail' }, searchId: '' });
    await client.call('call_tool', { name: ALERT, arguments: { text: 'hail' }, searchId: null });
    await client.call(ALERT, { text: 'storm' });
    // A search that finds nothing does not hide the one that found the tool; that pair is recorded once already.
    await client.search('zzzz qqqq');
    await client.call('call_tool', { name: ALERT, arguments: { text: 'fog' } });
    // call_tool naming an earlier search's id is credited to that search.
    await client.call('call_tool', { name: ALERT, arguments: { text: 'fog' }, searchId: later.searchId });
    expect(pairs(events)).toEqual([
      { query: 'weather forecast for a city', called: [FORECAST] },
      { query: 'alert subscribers', called: [ALERT] },
    ]);
  });

  it('refuses a recordUsage that is not a function', async () => {
    await expect(createGateway({ config, recordUsage: 'yes' as never })).rejects.toMatchObject({ code: 'invalid-option' });
  });
});

describe('the gateway records only calls the upstream answered successfully (trial 3420)', () => {
  it('records nothing for a tool error, a protocol error, a timeout, a too large or too deep result, a crash, or a call cut off by close', async () => {
    const events: UsageEvent[] = [];
    const logger = createMemoryLogger();
    const bad = parseMcpConfig({
      mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_FAILING_TOOLS: '1', MISBEHAVE_BIG_RESULT: '1' }) },
    });
    const gateway = await createGateway({
      config: bad,
      logger,
      upstreamStderr: 'ignore',
      recordUsage: (event) => events.push(event),
      callTimeoutMs: 1500,
      limits: { maxMessageBytes: 4096, maxResultDepth: 20 },
      reconnect: { initialMs: 50, maxMs: 50 },
      // Generous for a loaded machine: the crashed upstream restarts before the last calls.
      connectTimeoutMs: 30_000,
    });
    const entry = { gateway, clients: [] as Client[] };
    open.push(entry);
    const client = new Client({ name: 'usage-test', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await gateway.createServer().connect(serverSide);
    await client.connect(clientSide);
    entry.clients.push(client);
    const searchFor = async (query: string, tool: string): Promise<string> => {
      const found = (await client.callTool({ name: 'search_tools', arguments: { query, limit: 20 } })).structuredContent as { searchId: string; tools: { name: string }[] };
      expect(found.tools.map((hit) => hit.name)).toContain(tool);
      return found.searchId;
    };
    const viaCallTool = async (query: string, tool: string, args: Record<string, unknown> = {}) =>
      client.callTool({ name: 'call_tool', arguments: { name: tool, arguments: args, searchId: await searchFor(query, tool) } }).then(
        (result) => (result.isError === true ? 'isError' : 'ok'),
        () => 'rejected',
      );
    const direct = async (query: string, tool: string, args: Record<string, unknown> = {}) => {
      await searchFor(query, tool);
      return client.callTool({ name: tool, arguments: args }).then((result) => (result.isError === true ? 'isError' : 'ok'), () => 'rejected');
    };
    expect(await viaCallTool('report a failure of the operation as a tool error', 'mcp__bad__fail_softly')).toBe('isError');
    expect(await direct('report a failure of the operation as a tool error', 'mcp__bad__fail_softly')).toBe('isError');
    expect(await viaCallTool('answer the operation with a protocol error', 'mcp__bad__fail_loudly')).toBe('rejected');
    expect(await direct('start an operation that never answers', 'mcp__bad__hang_forever')).toBe('rejected');
    expect(await viaCallTool('answer with a text of the given number of bytes', 'mcp__bad__big_result', { bytes: 10_000 })).toBe('rejected');
    expect(await direct('answer with a result that nests very deeply', 'mcp__bad__deep_result', { levels: 50 })).toBe('rejected');
    expect(await viaCallTool('crash this server process immediately', 'mcp__bad__crash_server')).toBe('rejected');
    await waitFor(() => gateway.upstreams()[0]!.available, 30_000, 'the crashed upstream to come back');
    expect(events).toEqual([]);
    // A successful call still counts, once.
    expect(await viaCallTool('echo a text message back unchanged', 'mcp__bad__echo_text', { text: 'hi' })).toBe('ok');
    expect(pairs(events)).toEqual([{ query: 'echo a text message back unchanged', called: ['mcp__bad__echo_text'] }]);
    // A call still waiting when the gateway closes is cut off: not recorded.
    const searchId = await searchFor('start an operation that never answers', 'mcp__bad__hang_forever');
    const cut = client.callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__hang_forever', arguments: {}, searchId } }).then(() => 'ok', () => 'rejected');
    // A few turns of the event loop: the call reaches the upstream (none answers it).
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    await gateway.close();
    expect(await cut).toBe('rejected');
    expect(events).toHaveLength(1);
  }, 90_000);
});
