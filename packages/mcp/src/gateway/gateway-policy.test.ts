import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mod } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { parseMcpConfig } from '../config/parse-mcp-config.js';
import type { CreateGatewayOptions } from './create-gateway-options.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// A real upstream (the weather fixture over stdio) and the MCP SDK's own Client.
const weather = fileURLToPath(new URL('../__fixtures__/weather-server.mjs', import.meta.url));
const config = parseMcpConfig({ mcpServers: { weather: nodeUpstream(weather) } });
const open: { gateway: Gateway; client: Client }[] = [];

async function start(options: Partial<CreateGatewayOptions> = {}) {
  const logger = createMemoryLogger();
  const gateway = await createGateway({ config, logger, upstreamStderr: 'ignore', ...options });
  const client = new Client({ name: 'policy-test', version: '1.0.0' });
  let listChanges = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listChanges += 1;
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.createServer().connect(serverSide);
  await client.connect(clientSide);
  open.push({ gateway, client });
  const names = async (): Promise<string[]> => (await client.listTools()).tools.map((tool) => tool.name);
  const search = async (query: string): Promise<{ name: string; description: string }[]> =>
    ((await client.callTool({ name: 'search_tools', arguments: { query } })).structuredContent as { tools: { name: string; description: string }[] }).tools;
  return { gateway, client, logger, names, search, listChanges: () => listChanges };
}

afterEach(async () => {
  for (const { gateway, client } of open.splice(0)) {
    await client.close();
    await gateway.close();
  }
});

const rewrite: Mod = {
  name: 'team-descriptions',
  hooks: { 'tool.describe': (event, next) => (event.tool.name === 'get_forecast' ? { ...next(), description: 'TEAM: the forecast' } : next()) },
};

describe('the gateway runs the policy and the mods', () => {
  it('lists every upstream tool upfront and no search_tools when ENABLE_TOOL_SEARCH=false, and logs why', async () => {
    const { names, logger } = await start({ policy: { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'false' } } });
    expect(await names()).toEqual(['mcp__weather__get', 'mcp__weather__get_forecast', 'mcp__weather__send_alert', 'mcp__weather__add_tools']);
    expect(logger.has('info', /tool search off \(env-false\): 4 tools upfront, 0 deferred/)).toBe(true);
    // The trace is at debug, the decision and its reason at info (an operator asked for fewer lines at start).
    expect(logger.has('debug', /env-false: ENABLE_TOOL_SEARCH="false" → off \(env-false\)/)).toBe(true);
    expect(logger.has('info', /env-false: ENABLE_TOOL_SEARCH/)).toBe(false);
  });

  it('defers when on, except tools a mod pins; mods rewrite descriptions in the list and in search results', async () => {
    const { names, search, client } = await start({
      registry: createBuiltinRegistry({ mods: [rewrite] }),
      mods: [{ plugin: 'pin-alerts', rules: [{ server: 'weather', tool: 'send_alert', isDeferred: false }] }],
    });
    expect(await names()).toEqual(['search_tools', 'call_tool', 'mcp__weather__send_alert']);
    const found = await search('weather forecast for a city');
    expect(found[0]).toMatchObject({ name: 'mcp__weather__get_forecast', description: 'TEAM: the forecast' });
    const listed = (await client.listTools()).tools.find((tool) => tool.name === 'mcp__weather__get_forecast');
    expect(listed?.description).toBe('TEAM: the forecast');
  });

  it('never wraps the regex ranker with the query syntax: ^get_ does not return get', async () => {
    const { search } = await start({ ranker: 'regex' });
    expect((await search('^get_')).map((tool) => tool.name)).toEqual(['mcp__weather__get_forecast']);
    const { search: keywords } = await start({ ranker: 'bm25f' });
    expect((await keywords('get')).map((tool) => tool.name)[0]).toBe('mcp__weather__get');
  });

  it('re-decides when an upstream adds tools: auto crosses its threshold, and clients are told', async () => {
    const { names, client, logger, listChanges, gateway } = await start({
      policy: { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'auto:1' }, contextWindow: 100_000 },
    });
    expect(await names()).not.toContain('search_tools');
    expect(logger.has('info', /tool search off \(auto-below-threshold\)/)).toBe(true);
    await client.callTool({ name: 'mcp__weather__add_tools', arguments: { count: 10 } });
    await waitFor(() => gateway.catalog.tools.length === 14, 10_000, 'the new tools');
    await gateway.settled();
    await waitFor(() => listChanges() > 0, 5000, 'tools/list_changed');
    expect((await names()).slice(0, 2)).toEqual(['search_tools', 'call_tool']);
    expect(logger.has('info', /tool search on \(auto-threshold-reached\)/)).toBe(true);
  });
});
