import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { parseMcpConfig } from '../config/parse-mcp-config.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';
import { unknownToolError } from './unknown-tool.js';

// 3447: with tool search off, an unknown tool (or call_tool itself) was answered "search_tools finds tools …",
// a tool that does not exist in that mode.
const weather = fileURLToPath(new URL('../__fixtures__/weather-server.mjs', import.meta.url));
const config = parseMcpConfig({ mcpServers: { weather: nodeUpstream(weather) } });
const open: { gateway: Gateway; client: Client }[] = [];

async function start(env: Record<string, string>) {
  const gateway = await createGateway({ config, logger: createMemoryLogger(), upstreamStderr: 'ignore', policy: { model: 'claude-sonnet-4-5', env } });
  const client = new Client({ name: 'unknown-tool-test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.createServer().connect(serverSide);
  await client.connect(clientSide);
  open.push({ gateway, client });
  return async (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }).then(() => undefined, (error: { message: string; data?: unknown }) => error);
}

afterEach(async () => {
  for (const { gateway, client } of open.splice(0)) {
    await client.close();
    await gateway.close();
  }
});

describe('an unknown tool', () => {
  it('with tool search off, points to tools/list, never to search_tools or call_tool', async () => {
    const call = await start({ ENABLE_TOOL_SEARCH: 'false' });
    const unknown = await call('mcp__nope__x');
    expect(unknown).toMatchObject({ data: { code: 'unknown-tool', tool: 'mcp__nope__x' } });
    expect(unknown?.message).toContain('unknown tool "mcp__nope__x": tool search is off: tools/list lists every tool this gateway serves');
    const own = await call('call_tool', { name: 'mcp__weather__get_forecast', arguments: { city: 'Paris' } });
    expect(own?.message).toContain('unknown tool "call_tool": tool search is off, so this gateway has no search_tools or call_tool; call the tools tools/list lists directly');
    expect(own).toMatchObject({ data: { code: 'unknown-tool' } });
  });

  it('with tool search on, points to search_tools, and a gateway tool called through call_tool to a direct call', async () => {
    const call = await start({ ENABLE_TOOL_SEARCH: 'true' });
    expect((await call('call_tool', { name: 'mcp__nope__x' }))?.message).toContain('unknown tool "mcp__nope__x": search_tools finds tools and returns their names');
    const own = await call('call_tool', { name: 'search_tools', arguments: { query: 'weather' } });
    expect(own?.message).toContain(`unknown tool "search_tools": it is the gateway's own tool: call it directly, not through call_tool`);
  });

  it('is -32602 unknown-tool in every mode', () => {
    for (const mode of ['on', 'off'] as const) {
      for (const name of ['x', 'call_tool']) expect(unknownToolError(name, mode)).toMatchObject({ code: -32602, data: { code: 'unknown-tool', tool: name } });
    }
  });
});
