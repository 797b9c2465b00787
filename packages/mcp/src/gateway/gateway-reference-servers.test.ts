import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { nodeUpstream, referenceServerScript, temporaryFolder, waitFor } from '../__fixtures__/upstream-servers.js';
import { parseMcpConfig } from '../config/parse-mcp-config.js';
import { serveHttp, type HttpGatewayServer } from '../serve/serve-http.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// Upstreams nobody here wrote (the npm reference servers, each spawned with
// this Node), a downstream the MCP SDK's own Client over streamable HTTP.
const folder = temporaryFolder('reference');
const logger = createMemoryLogger();
let gateway: Gateway;
let http: HttpGatewayServer;
let client: Client;
let listChanges = 0;

function structured(result: unknown): { query: string; tools: { name: string; server: string; inputSchema: Record<string, unknown>; available: boolean }[] } {
  return (result as { structuredContent: never }).structuredContent;
}

function text(result: unknown): string {
  return ((result as { content: { type: string; text: string }[] }).content[0]?.text ?? '') as string;
}

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof McpError)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  const config = parseMcpConfig({
    mcpServers: {
      everything: nodeUpstream(referenceServerScript('server-everything')),
      memory: { ...nodeUpstream(referenceServerScript('server-memory'), [], { MEMORY_FILE_PATH: join(folder.path, 'memory.jsonl') }), alwaysLoad: true },
      filesystem: nodeUpstream(referenceServerScript('server-filesystem'), [folder.path]),
    },
  });
  gateway = await createGateway({ config, logger, upstreamStderr: 'ignore', callTimeoutMs: 1000 });
  http = await serveHttp(gateway, { logger });
  client = new Client({ name: 'reference-test', version: '1.0.0' });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listChanges += 1;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  // Three reference servers start as Node processes: on a loaded machine that alone has taken over 10 s.
}, 60_000);

afterAll(async () => {
  await client?.close();
  await http?.close();
  folder.remove();
});

describe('gateway over the reference servers', () => {
  it('connects every upstream and indexes its tools under mcp__<server>__<tool>', () => {
    expect(gateway.upstreams().map((status) => [status.name, status.state])).toEqual([
      ['everything', 'ready'],
      ['memory', 'ready'],
      ['filesystem', 'ready'],
    ]);
    const names = gateway.catalog.tools.map((tool) => tool.displayName);
    expect(names).toContain('mcp__everything__echo');
    expect(names).toContain('mcp__memory__create_entities');
    expect(names).toContain('mcp__filesystem__read_text_file');
    expect(gateway.catalog.issues).toEqual([]);
  });

  it('re-lists an upstream that announces list_changed (everything adds tools after initialize)', async () => {
    await waitFor(() => gateway.findTool('mcp__everything__simulate-research-query') !== undefined, 5000, 'the late tool');
  });

  it('lists search_tools, call_tool and the always-loaded server from the start, nothing else', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names.slice(0, 2)).toEqual(['search_tools', 'call_tool']);
    const memoryTools = gateway.catalog.tools.filter((tool) => tool.server === 'memory').map((tool) => tool.apiName);
    expect(memoryTools.length).toBeGreaterThanOrEqual(9);
    expect(names.slice(2).sort()).toEqual([...memoryTools].sort());
  });

  it('search_tools answers with names, descriptions and schemas, adds the matches and sends list_changed', async () => {
    const before = listChanges;
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'echo back a message', limit: 3 } });
    const found = structured(result);
    expect(found.tools.length).toBeGreaterThanOrEqual(1);
    expect(found.tools.length).toBeLessThanOrEqual(3);
    expect(found.tools[0]).toMatchObject({ name: 'mcp__everything__echo', server: 'everything', available: true });
    expect(found.tools[0]?.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
    expect(JSON.parse(text(result))).toEqual(found);
    expect(listChanges).toBe(before + 1);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    for (const tool of found.tools) expect(listed).toContain(tool.name);
  });

  it('calls a found tool directly by its listed name', async () => {
    await client.callTool({ name: 'search_tools', arguments: { query: 'echo' } });
    const result = await client.callTool({ name: 'mcp__everything__echo', arguments: { message: 'hello through the gateway' } });
    expect(text(result)).toBe('Echo: hello through the gateway');
  });

  it('does not send list_changed when a search finds only tools already listed', async () => {
    await client.callTool({ name: 'search_tools', arguments: { query: 'echo', limit: 1 } });
    const before = listChanges;
    await client.callTool({ name: 'search_tools', arguments: { query: 'echo', limit: 1 } });
    expect(listChanges).toBe(before);
  });

  it('passes call_tool through to the filesystem server', async () => {
    const file = join(folder.path, 'note.txt');
    writeFileSync(file, 'written outside, read through the gateway');
    const found = structured(await client.callTool({ name: 'search_tools', arguments: { query: 'read the text contents of a file' } }));
    expect(found.tools.map((tool) => tool.name)).toContain('mcp__filesystem__read_text_file');
    const result = await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__filesystem__read_text_file', arguments: { path: file } } });
    expect(text(result)).toBe('written outside, read through the gateway');
  });

  it('keeps the memory server\'s state across calls, with always-loaded tools called directly', async () => {
    await client.callTool({
      name: 'mcp__memory__create_entities',
      arguments: { entities: [{ name: 'Loadout', entityType: 'project', observations: ['searches tools'] }] },
    });
    const graph = await client.callTool({ name: 'mcp__memory__read_graph', arguments: {} });
    expect(text(graph)).toContain('searches tools');
  });

  it('passes an upstream\'s own tool error through', async () => {
    const result = await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__filesystem__read_text_file', arguments: { path: '/etc/passwd' } } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/access denied|outside allowed/i);
  });

  it('times out a real long-running call and keeps the upstream usable', async () => {
    const error = await rejection(
      client.callTool({ name: 'call_tool', arguments: { name: 'mcp__everything__trigger-long-running-operation', arguments: { duration: 5, steps: 5 } } }),
    );
    expect(error.code).toBe(-32001);
    expect(error.message).toMatch(/"trigger-long-running-operation" of upstream server "everything" did not answer within 1000 ms/);
    expect(error.data).toMatchObject({ code: 'mcp-upstream-timeout', server: 'everything' });
    expect(text(await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__everything__echo', arguments: { message: 'still here' } } }))).toBe(
      'Echo: still here',
    );
  });

  it('answers select: and +term queries', async () => {
    const selected = structured(await client.callTool({ name: 'search_tools', arguments: { query: 'select:mcp__memory__read_graph,get-sum' } }));
    expect(selected.tools.map((tool) => tool.name)).toEqual(['mcp__memory__read_graph', 'mcp__everything__get-sum']);
    const required = structured(await client.callTool({ name: 'search_tools', arguments: { query: '+directory list files', limit: 5 } }));
    expect(required.tools.length).toBeGreaterThan(0);
    for (const tool of required.tools) expect(tool.server).toBe('filesystem');
  });

  it('reports bad queries and unknown tools as errors naming them', async () => {
    const unknownSelect = await client.callTool({ name: 'search_tools', arguments: { query: 'select:no_such_tool' } });
    expect(unknownSelect.isError).toBe(true);
    expect(text(unknownSelect)).toMatch(/no tool named "no_such_tool" \[unknown-tool\]/);
    const error = await rejection(client.callTool({ name: 'mcp__nowhere__nothing', arguments: {} }));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/unknown tool "mcp__nowhere__nothing"/);
    const badLimit = await rejection(client.callTool({ name: 'search_tools', arguments: { query: 'x', limit: 0 } }));
    expect(badLimit.message).toMatch(/limit must be an integer from 1 to 100/);
  });

  it('says so when nothing matches', async () => {
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'zzqx vvwq' } });
    expect(structured(result).tools).toEqual([]);
    expect(text(result)).toBe('No tools matched "zzqx vvwq".');
  });
});
