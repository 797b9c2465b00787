import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_STDIO_ENTRY, nodeTypescriptArgs } from '../__fixtures__/spawn-typescript.js';
import { MISBEHAVING_SERVER, nodeUpstream, referenceServerScript, temporaryFolder, waitFor } from '../__fixtures__/upstream-servers.js';

// The gateway as its own process over stdio (the way MCP clients start it),
// with the MCP SDK's real Client and StdioClientTransport downstream.
const folder = temporaryFolder('stdio');
let client: Client;
let transport: StdioClientTransport;
let stderr = '';
let listChanges = 0;

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]?.text ?? '';
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
  const configPath = join(folder.path, 'mcp.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      mcpServers: {
        everything: nodeUpstream(referenceServerScript('server-everything')),
        bad: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_PAGE_SIZE: '3' }),
      },
    }),
  );
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [...nodeTypescriptArgs(), GATEWAY_STDIO_ENTRY, configPath, '500'],
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'stdio-test', version: '1.0.0' });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listChanges += 1;
  });
  await client.connect(transport);
}, 30_000);

afterAll(async () => {
  await client?.close();
  folder.remove();
});

describe('gateway over stdio', () => {
  it('lists the gateway tools and the always-loaded tool, and logs only to stderr', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(['search_tools', 'call_tool', 'mcp__bad__pinned_status']);
    expect(stderr).toMatch(/indexed \d+ tools from 2 of 2 upstream servers/);
    expect(stderr).toMatch(/skipped a malformed tool: tool 8 \("bad_schema_tool"\)/);
  });

  it('searches, sends list_changed, and then serves the found tool directly', async () => {
    const before = listChanges;
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'add two numbers', limit: 2 } });
    const tools = (result.structuredContent as { tools: { name: string }[] }).tools;
    expect(tools[0]?.name).toBe('mcp__everything__get-sum');
    expect(listChanges).toBe(before + 1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('mcp__everything__get-sum');
    expect(text(await client.callTool({ name: 'mcp__everything__get-sum', arguments: { a: 2, b: 40 } }))).toMatch(/42/);
  });

  it('passes call_tool through', async () => {
    const result = await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__echo_text', arguments: { text: 'over stdio' } } });
    expect(text(result)).toBe('echo: over stdio');
  });

  it('never indexes a malformed tool', async () => {
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'select:bad_schema_tool' } });
    expect(result.isError).toBe(true);
  });

  it('times out a hung call', async () => {
    const error = await rejection(client.callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__hang_forever' } }));
    expect(error.code).toBe(-32001);
    expect(error.message).toMatch(/"hang_forever" of upstream server "bad" did not answer within 500 ms/);
  });

  it('reports a crashed upstream as unavailable, then reconnects it', async () => {
    const crash = await rejection(client.callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__crash_server' } }));
    expect(crash.code).toBe(-32010);
    expect(crash.message).toMatch(/upstream server "bad" exited with code 1 during the call to "crash_server"/);
    let answer = '';
    await waitFor(
      async () => {
        try {
          answer = text(await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__echo_text', arguments: { text: 'again' } } }));
          return true;
        } catch (error) {
          expect((error as McpError).message).toMatch(/upstream server "bad" is unavailable \(state: (reconnecting|connecting)/);
          return false;
        }
      },
      5000,
      'the reconnection',
    );
    expect(answer).toBe('echo: again');
  });

  it('exits when the client closes stdin', async () => {
    const pid = transport.pid;
    expect(pid).not.toBeNull();
    const started = Date.now();
    await client.close();
    // The SDK's transport ends stdin, waits up to 2 s, then sends SIGTERM: exiting sooner means the gateway quit by itself.
    expect(Date.now() - started).toBeLessThan(1900);
    await waitFor(
      () => {
        try {
          process.kill(pid!, 0);
          return false;
        } catch {
          return true;
        }
      },
      5000,
      'the gateway process to exit',
    );
  });
});
