import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { connectModernClient } from '../__fixtures__/modern-client.js';
import { GATEWAY_STDIO_ENTRY, nodeTypescriptArgs } from '../__fixtures__/spawn-typescript.js';
import { MISBEHAVING_SERVER, nodeUpstream, temporaryFolder } from '../__fixtures__/upstream-servers.js';
import { serveHttp, type HttpGatewayServer } from '../serve/serve-http.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';
import { encodeSearchId } from './search-id.js';

// Issue 34 item 8: with calls: 'found' search is an access boundary: only tools listed upfront
// and those a search returned (of that session, or of the searchId a stateless call carries)
// may be called; anything else is -32602 mcp-call-not-found. Over HTTP (both generations) and stdio.
const logger = createMemoryLogger();
const folder = temporaryFolder('call-policy');
let gateway: Gateway;
let served: HttpGatewayServer;
const ECHO = 'mcp__tools__echo_text';
const echoCall = { name: 'call_tool', arguments: { name: ECHO, arguments: { text: 'allowed' } } };

type Caller = { callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown> };

async function refusal(client: Caller, params: { name: string; arguments?: Record<string, unknown> }): Promise<string> {
  const error = await client.callTool(params).then(
    (result) => new Error(`expected a refusal, got ${JSON.stringify(result)}`),
    (reason: unknown) => reason,
  );
  expect(error).toMatchObject({ code: -32602 });
  return (error as Error).message;
}

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]?.text ?? '';
}

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore', calls: 'found' });
  served = await serveHttp(gateway, { logger, closeGateway: false });
});

afterAll(async () => {
  await served?.close();
  await gateway?.close();
  folder.remove();
});

describe("calls: 'found'", () => {
  it('a 2025-era HTTP session calls only what its own searches returned, and upfront tools', async () => {
    const client = new Client({ name: 'policy', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    expect(await refusal(client, echoCall)).toMatch(/tool "mcp__tools__echo_text" was not returned by a search of this session.*search for it with search_tools first/);
    expect(await refusal(client, { name: ECHO, arguments: { text: 'direct' } })).toMatch(/not returned by a search/);
    expect(text(await client.callTool({ name: 'mcp__tools__pinned_status' }))).not.toBe('');
    await client.callTool({ name: 'search_tools', arguments: { query: 'echo a text message' } });
    expect(text(await client.callTool(echoCall))).toContain('allowed');
    expect(text(await client.callTool({ name: ECHO, arguments: { text: 'direct' } }))).toContain('direct');
    // As for 2026-07-28 clients (3447): an id that is no searchId at all is a malformed argument, even for a found tool.
    for (const searchId of [5, 'garbage']) {
      expect(await refusal(client, { name: 'call_tool', arguments: { ...echoCall.arguments, searchId } })).toMatch(/call_tool: searchId must be the searchId of the search_tools result that found the tool/);
    }
    // Another session's search does not count for this one.
    const other = new Client({ name: 'policy-other', version: '1' });
    await other.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    expect(await refusal(other, echoCall)).toMatch(/mcp-call-not-found|not returned by a search/);
    await other.close();
    await client.close();
  });

  it('a 2026-07-28 stateless call_tool needs the searchId of a search that returned the tool; a forged one is checked by searching again', async () => {
    const client = await connectModernClient(served.url);
    expect(await refusal(client, echoCall)).toMatch(/not returned by a search this call names.*searchId/);
    // 3447: an id that is no searchId at all is a malformed argument (invalid-input), not a tool no search found.
    for (const searchId of [5, 'garbage', ['s2.x']]) {
      const malformed = await client.callTool({ name: 'call_tool', arguments: { ...echoCall.arguments, searchId } }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(malformed).toMatchObject({ code: -32602, data: { code: 'invalid-input' } });
      expect((malformed as Error).message).toMatch(/call_tool: searchId must be the searchId of the search_tools result that found the tool, got (a number|a string that is not a searchId|an array)/);
    }
    // An empty one is no receipt: the tool was not found by a search this call names.
    expect(await refusal(client, { name: 'call_tool', arguments: { ...echoCall.arguments, searchId: '' } })).toMatch(/not returned by a search this call names/);
    // The id names the tool, but its search (run again here) does not return it.
    const forged = encodeSearchId('report the process id', [ECHO]);
    expect(await refusal(client, { name: 'call_tool', arguments: { ...echoCall.arguments, searchId: forged } })).toMatch(/not returned by a search/);
    const search = (await client.callTool({ name: 'search_tools', arguments: { query: 'echo a text message' } })) as { structuredContent: { searchId: string; tools: { name: string }[] } };
    expect(search.structuredContent.tools.map((tool) => tool.name)).toContain(ECHO);
    const called = await client.callTool({ name: 'call_tool', arguments: { ...echoCall.arguments, searchId: search.structuredContent.searchId } });
    expect(text(called)).toContain('allowed');
    // A select: search returns the tool by name and carries a searchId too.
    const selected = (await client.callTool({ name: 'search_tools', arguments: { query: `select:${ECHO}` } })) as { structuredContent: { searchId: string } };
    expect(text(await client.callTool({ name: 'call_tool', arguments: { ...echoCall.arguments, searchId: selected.structuredContent.searchId } }))).toContain('allowed');
    await client.close();
  });

  it('over stdio, as loadout serve --calls found runs it', async () => {
    const configPath = join(folder.path, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }));
    const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeTypescriptArgs(), GATEWAY_STDIO_ENTRY, configPath, '5000', 'found'], stderr: 'ignore' });
    const client = new Client({ name: 'policy-stdio', version: '1' });
    await client.connect(transport);
    try {
      expect(await refusal(client, echoCall)).toMatch(/not returned by a search of this session/);
      await client.callTool({ name: 'search_tools', arguments: { query: 'echo a text message' } });
      expect(text(await client.callTool(echoCall))).toContain('allowed');
    } finally {
      await client.close();
    }
  }, 30_000);
});
