import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { forwardRanker } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream, referenceServerScript, temporaryFolder, waitFor } from '../__fixtures__/upstream-servers.js';
import { parseMcpConfig } from '../config/parse-mcp-config.js';
import { serveHttp, type HttpGatewayServer } from '../serve/serve-http.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// One gateway over a deliberately misbehaving server of our own, a healthy
// reference server and a command that does not exist; the MCP SDK's Client
// over streamable HTTP downstream.
const folder = temporaryFolder('failures');
const downFile = join(folder.path, 'down');
const logger = createMemoryLogger();
let slowIndexMs = 0;
let gateway: Gateway;
let http: HttpGatewayServer;
let client: Client;
let listChanges = 0;

async function slowRanker(): Promise<Ranker> {
  const inner = await createBuiltinRegistry().ranker('bm25f').create({});
  return forwardRanker(inner, {
    async index(tools) {
      if (slowIndexMs > 0) await new Promise((resolve) => setTimeout(resolve, slowIndexMs));
      await inner.index(tools);
    },
  });
}

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]?.text ?? '';
}

function call(name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  return client.callTool({ name: 'call_tool', arguments: { name, arguments: args } });
}

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof McpError)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

async function searchNames(query: string): Promise<string[]> {
  return (await gateway.search(query)).map((hit) => hit.tool.displayName);
}

beforeAll(async () => {
  const config = parseMcpConfig({
    mcpServers: {
      bad: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_DOWN_FILE: downFile }),
      memory: nodeUpstream(referenceServerScript('server-memory'), [], { MEMORY_FILE_PATH: join(folder.path, 'memory.jsonl') }),
      missing: { command: join(folder.path, 'no-such-server') },
    },
  });
  gateway = await createGateway({
    config,
    logger,
    ranker: slowRanker,
    upstreamStderr: 'ignore',
    callTimeoutMs: 400,
    reconnect: { initialMs: 100, maxMs: 400 },
  });
  http = await serveHttp(gateway, { logger });
  client = new Client({ name: 'failure-test', version: '1.0.0' });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listChanges += 1;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  await client.listTools();
});

afterAll(async () => {
  await client?.close();
  await http?.close();
  folder.remove();
});

describe('gateway with a misbehaving upstream', () => {
  it('follows nextCursor across pages and skips malformed tools, reporting each', () => {
    const tools = gateway.catalog.tools.filter((tool) => tool.server === 'bad').map((tool) => tool.name);
    expect(tools).toEqual(['echo_text', 'crash_server', 'hang_forever', 'start_storm', 'count_lists', 'slow_list', 'add_tool', 'pinned_status', 'report_pid', 'deep_result']);
    expect(logger.has('warn', /upstream "bad": skipped a malformed tool: tool 8 \("bad_schema_tool"\): inputSchema\.type/)).toBe(true);
    expect(logger.has('warn', /upstream "bad": skipped a malformed tool: tool 9: name/)).toBe(true);
    expect(gateway.upstreams().find((status) => status.name === 'memory')?.state).toBe('ready');
  });

  it('lists a tool marked _meta["anthropic/alwaysLoad"] from the start', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('mcp__bad__pinned_status');
    expect(names).not.toContain('mcp__bad__echo_text');
    expect(text(await client.callTool({ name: 'mcp__bad__pinned_status', arguments: {} }))).toBe('pinned service: all good');
  });

  it('keeps serving while an upstream cannot be started, and retries it with backoff', async () => {
    await waitFor(() => (gateway.upstreams().find((status) => status.name === 'missing')?.failedAttempts ?? 0) >= 2, 3000, 'retries');
    const missing = gateway.upstreams().find((status) => status.name === 'missing')!;
    expect(missing.state).toBe('reconnecting');
    expect(missing.lastError).toMatch(/could not connect: spawn .*no-such-server ENOENT/);
    expect(logger.has('warn', /upstream "missing": could not connect: .*; retrying in 100 ms/)).toBe(true);
    // The same reason again is logged once: its repeats go to debug, counted in the attempt number.
    expect(logger.has('debug', /upstream "missing": could not connect: .*; retrying in 200 ms \(attempt 3\)/)).toBe(true);
    expect(logger.has('warn', /upstream "missing": could not connect: .*; retrying in 200 ms/)).toBe(false);
  });

  it('times out a hung call with an error naming the tool, server and limit; the upstream stays usable', async () => {
    const started = Date.now();
    const error = await rejection(call('mcp__bad__hang_forever'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.code).toBe(-32001);
    expect(error.message).toMatch(/tool "hang_forever" of upstream server "bad" did not answer within 400 ms; the call was cancelled/);
    expect(text(await call('mcp__bad__echo_text', { text: 'after the hang' }))).toBe('echo: after the hang');
  });

  it('coalesces a list_changed storm into a few re-lists and one client notification per generation', async () => {
    const before = Number(text(await call('mcp__bad__count_lists')));
    const notified = listChanges;
    await call('mcp__bad__start_storm', { count: 200 });
    await waitFor(() => gateway.findTool('mcp__bad__storm_survivor') !== undefined, 5000, 'the storm survivor');
    await gateway.settled();
    const lists = Number(text(await call('mcp__bad__count_lists'))) - before;
    const pages = 6;
    expect(lists).toBeGreaterThanOrEqual(pages);
    expect(lists).toBeLessThanOrEqual(pages * 4);
    expect(listChanges - notified).toBeGreaterThanOrEqual(1);
    expect(listChanges - notified).toBeLessThanOrEqual(4);
  });

  it('answers searches from the previous index while an upstream is re-listed and re-indexed', async () => {
    await call('mcp__bad__slow_list', { ms: 150 });
    slowIndexMs = 300;
    try {
      const version = gateway.index.version;
      await call('mcp__bad__add_tool', { name: 'frobnicate_widgets', description: 'Frobnicate the quux widgets' });
      const deadline = Date.now() + 5000;
      let answeredDuringRebuild = 0;
      while (gateway.findTool('mcp__bad__frobnicate_widgets') === undefined && Date.now() < deadline) {
        const started = Date.now();
        const names = await searchNames('frobnicate quux widgets');
        if (gateway.index.version === version) {
          expect(names).not.toContain('mcp__bad__frobnicate_widgets');
          expect(Date.now() - started).toBeLessThan(250);
          answeredDuringRebuild += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(answeredDuringRebuild).toBeGreaterThan(5);
      expect(await searchNames('frobnicate quux widgets')).toContain('mcp__bad__frobnicate_widgets');
    } finally {
      slowIndexMs = 0;
      await call('mcp__bad__slow_list', { ms: 0 });
    }
  });

  it('marks a crashed upstream unavailable with its state, reconnects with backoff, and serves it again', async () => {
    const crash = await rejection(call('mcp__bad__crash_server', { stayDown: true }));
    expect(crash.code).toBe(-32010);
    expect(crash.message).toMatch(/upstream server "bad" exited with code 1 during the call to "crash_server" \(state: reconnecting/);

    const down = await rejection(call('mcp__bad__echo_text', { text: 'anyone there?' }));
    expect(down.code).toBe(-32010);
    expect(down.message).toMatch(/upstream server "bad" is unavailable \(state: reconnecting; \d+ failed attempts?; next attempt in \d+ ms/);
    expect(down.data).toMatchObject({ code: 'mcp-upstream-unavailable', server: 'bad', state: 'reconnecting' });

    const hits = await gateway.search('echo a text message');
    expect(hits.find((hit) => hit.tool.displayName === 'mcp__bad__echo_text')?.available).toBe(false);
    expect(text(await call('mcp__memory__read_graph'))).toContain('entities');

    // Each failed restart spawns a Node process that exits at once; under a loaded machine a spawn alone can take seconds.
    await waitFor(() => (gateway.upstreams().find((status) => status.name === 'bad')?.failedAttempts ?? 0) >= 3, 45_000, 'failed restarts');
    expect(logger.has('debug', /upstream "bad": could not connect: exited with code 3 before it answered; retrying in 400 ms/)).toBe(true);
    expect(existsSync(downFile)).toBe(true);
    rmSync(downFile);
    await waitFor(() => gateway.upstreams().find((status) => status.name === 'bad')?.state === 'ready', 20_000, 'the reconnection');
    expect(text(await call('mcp__bad__echo_text', { text: 'back again' }))).toBe('echo: back again');
    expect((await gateway.search('echo a text message')).find((hit) => hit.tool.displayName === 'mcp__bad__echo_text')?.available).toBe(true);
  }, 120_000);
});
