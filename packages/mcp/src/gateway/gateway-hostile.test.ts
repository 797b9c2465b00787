import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { deepArgumentsText, openRawSession, toolCallText } from '../__fixtures__/raw-mcp-http.js';
import { isRunning, MISBEHAVING_SERVER, nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { serveHttp, type HttpGatewayServer } from '../serve/serve-http.js';
import { MAX_BODY_DEPTH } from '../serve/serve-http-options.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// Hostile clients and a hostile upstream: arguments nested 20,000 levels
// (sent raw: the SDK's client could not serialise them either), a tool
// schema nested 10,000 levels, a result nested 10,000 levels. Each is the
// offending party's error; the upstream process keeps running.
const logger = createMemoryLogger();
let gateway: Gateway;
let http: HttpGatewayServer;
let client: Client;

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]?.text ?? '';
}

async function upstreamPid(): Promise<string> {
  return text(await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__report_pid' } }));
}

beforeAll(async () => {
  gateway = await createGateway({
    config: { mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_DEEP_SCHEMA: '10000', MISBEHAVE_PAGE_SIZE: '5' }) } },
    logger,
    upstreamStderr: 'ignore',
  });
  http = await serveHttp(gateway, { logger });
  client = new Client({ name: 'hostile-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
});

afterAll(async () => {
  await client?.close();
  await http?.close();
});

describe('gateway under hostile input', () => {
  it('skips an upstream tool whose schema nests 10,000 levels, with a log line; search_tools and tools/list keep working', async () => {
    expect(logger.has('warn', /upstream "bad": skipped tool \d+ \("deep_schema_tool"\): its definition nests deeper than 64 levels \[mcp-tool-over-limit\]/)).toBe(true);
    expect(gateway.findTool('mcp__bad__deep_schema_tool')).toBeUndefined();
    const found = (await client.callTool({ name: 'search_tools', arguments: { query: 'a tool whose input schema nests very deeply', limit: 20 } })) as unknown as {
      structuredContent: { tools: { name: string }[] };
    };
    expect(found.structuredContent.tools.length).toBeGreaterThan(0);
    expect(found.structuredContent.tools.map((tool) => tool.name)).not.toContain('mcp__bad__deep_schema_tool');
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toEqual(expect.arrayContaining(found.structuredContent.tools.map((tool) => tool.name)));
  });

  it('refuses 20,000-level and 200-level arguments sent raw to a listed tool and through call_tool; the upstream keeps its PID', async () => {
    const pid = await upstreamPid();
    const raw = await openRawSession(http.url);
    const deep = deepArgumentsText(20_000);
    expect(deep.length).toBeGreaterThan(40_000);
    const direct = await raw.post(toolCallText(1, 'mcp__bad__echo_text', deep));
    const viaCallTool = await raw.post(toolCallText(2, 'call_tool', `{"name":"mcp__bad__echo_text","arguments":${deep}}`));
    // That deep, the HTTP endpoint refuses the body itself (3437), the same way.
    for (const reply of [direct, viaCallTool]) {
      expect(reply.messages[0]?.error).toMatchObject({ code: -32602, data: { code: 'mcp-arguments-too-deep', limit: MAX_BODY_DEPTH } });
    }
    const deeper = deepArgumentsText(200);
    const directTool = await raw.post(toolCallText(3, 'mcp__bad__echo_text', deeper));
    const viaCallToolTool = await raw.post(toolCallText(4, 'call_tool', `{"name":"mcp__bad__echo_text","arguments":${deeper}}`));
    for (const reply of [directTool, viaCallToolTool]) {
      expect(reply.messages[0]?.error).toMatchObject({ code: -32602, data: { code: 'mcp-arguments-too-deep', limit: 64 } });
      expect(reply.messages[0]?.error?.message).toMatch(/arguments of "echo_text" nest deeper than 64 levels; the call was not sent/);
    }
    expect(await upstreamPid()).toBe(pid);
    expect(gateway.upstreams()[0]?.state).toBe('ready');
    expect(text(await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__echo_text', arguments: { text: 'still here' } } }))).toBe('echo: still here');
    expect(logger.has('warn', /upstream "bad": .*retrying/)).toBe(false);
  });

  it('answers a result nested 10,000 levels deep with -32603 to that caller only; the upstream keeps its PID', async () => {
    const pid = await upstreamPid();
    const error = await client
      .callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__deep_result', arguments: { levels: 10_000 } } })
      .then(() => undefined, (reason: unknown) => reason as McpError);
    expect(error).toBeInstanceOf(McpError);
    expect(error?.code).toBe(-32603);
    expect(error?.message).toMatch(/answered "deep_result" with a result nested deeper than 256 levels; it was not forwarded/);
    expect(await upstreamPid()).toBe(pid);
  });
});

describe('gateway with an upstream listing 10,001 tools', () => {
  it('gives every server a fair share of the 10,000-tool index and logs what it dropped', async () => {
    const crowdedLogger = createMemoryLogger();
    const crowded = await createGateway({
      config: {
        mcpServers: {
          crowded: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_TOOL_COUNT: '10001', MISBEHAVE_PAGE_SIZE: '2500' }),
          small: nodeUpstream(MISBEHAVING_SERVER),
        },
      },
      logger: crowdedLogger,
      upstreamStderr: 'ignore',
    });
    try {
      await crowded.settled();
      const perServer = (server: string): number => crowded.catalog.tools.filter((tool) => tool.server === server).length;
      expect(perServer('small')).toBe(10);
      expect(perServer('crowded')).toBe(9990);
      expect(crowdedLogger.has('warn', /upstream "crowded": skipped the last 11 of 10011 tools: at most 10000 per server \[mcp-tool-over-limit\]/)).toBe(true);
      expect(crowdedLogger.has('warn', /upstream "crowded": the last 10 of its 10000 tools dropped: .*shared fairly between servers \(this one's share: 9990\)/)).toBe(true);
      expect((await crowded.search('echo a text message')).map((hit) => hit.tool.displayName)).toContain('mcp__small__echo_text');
    } finally {
      await crowded.close();
    }
  }, 30_000);
});

// The circuit breaker's own test is upstream/upstream-breaker.test.ts (on an injected clock).
describe('gateway liveness', () => {
  it('marks a frozen upstream unavailable after missed pings, restarts it, and serves it again', async () => {
    const liveLogger = createMemoryLogger();
    const live = await createGateway({
      config: { mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER) } },
      logger: liveLogger,
      upstreamStderr: 'ignore',
      callTimeoutMs: 300,
      liveness: { intervalMs: 100, timeoutMs: 100, missed: 2 },
      reconnect: { initialMs: 100, maxMs: 200 },
    });
    let pid = '';
    try {
      pid = text(await live.callTool('mcp__bad__report_pid'));
      await live.callTool('mcp__bad__hang_forever', { freeze: true }).catch(() => undefined);
      await waitFor(() => live.upstreams()[0]?.available === false, 5000, 'the frozen upstream to be marked unavailable');
      expect((await live.search('echo a text message')).find((hit) => hit.tool.name === 'echo_text')?.available).toBe(false);
      expect(liveLogger.has('warn', /upstream "bad": stopped answering: 2 pings in a row failed \(timeout 100 ms; last: Request timed out\); reconnecting/)).toBe(true);
      await waitFor(() => live.upstreams()[0]?.available === true, 10_000, 'the restarted upstream');
      expect(text(await live.callTool('mcp__bad__report_pid'))).not.toBe(pid);
      expect(text(await live.callTool('mcp__bad__echo_text', { text: 'awake' }))).toBe('echo: awake');
    } finally {
      await live.close();
    }
    // The frozen process is gone once close() resolves (it would otherwise spin on after the gateway).
    expect(isRunning(Number(pid))).toBe(false);
  }, 30_000);
});
