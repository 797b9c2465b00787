import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { connectModernClient } from '../__fixtures__/modern-client.js';
import { nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { serveHttp, type HttpGatewayServer } from '../serve/serve-http.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// A tools/call whose `arguments` is no object, from both client generations: the SDK's own check would answer
// with its schema validator's issue list; the gateway answers in its own words, with a stable code.
const fixtures = join(fileURLToPath(new URL('.', import.meta.url)), '..', '__fixtures__');
const TOOL = 'mcp__weather__get_forecast';
let gateway: Gateway;
let served: HttpGatewayServer;

beforeAll(async () => {
  gateway = await createGateway({
    config: { mcpServers: { weather: nodeUpstream(join(fixtures, 'weather-server.mjs')) } },
    logger: createMemoryLogger(),
    upstreamStderr: 'ignore',
  });
  served = await serveHttp(gateway, { logger: createMemoryLogger(), closeGateway: false });
}, 60_000);

afterAll(async () => {
  await served?.close();
  await gateway?.close();
});

/** What a client's `callTool` rejected with: code, message (without a client's `MCP error N:` prefix) and data. */
async function refusal(call: Promise<unknown>): Promise<{ code: unknown; message: string; data: unknown }> {
  const error = (await call.then(
    () => {
      throw new Error('the call was answered');
    },
    (reason: unknown) => reason,
  )) as { code?: unknown; message: string; data?: unknown };
  return { code: error.code, message: error.message.replace(/^MCP error -?\d+: /, ''), data: error.data };
}

type CallTool = (params: { name: string; arguments?: unknown }) => Promise<unknown>;

const cases: readonly [string, string, unknown, string, string][] = [
  ['a direct call with an array', TOOL, [1, 2], TOOL, 'an array'],
  ['a direct call with a string', TOOL, 'city=Paris', TOOL, 'a string'],
  ['a direct call with null', TOOL, null, TOOL, 'null'],
  ['call_tool with an array', 'call_tool', [1, 2], 'call_tool', 'an array'],
  ['search_tools with a string', 'search_tools', 'weather', 'search_tools', 'a string'],
  ['call_tool whose inner arguments are an array', 'call_tool', { name: TOOL, arguments: [1, 2] }, TOOL, 'an array'],
];

describe.each([
  ['a 2026-07-28 client (SDK v2, stateless)', async (): Promise<[CallTool, () => Promise<void>]> => {
    const client: Client = await connectModernClient(served.url);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    return [(params) => client.callTool(params as never), () => client.close()];
  }],
  ['a 2025-era client (SDK 1.x, session)', async (): Promise<[CallTool, () => Promise<void>]> => {
    const client = new LegacyClient({ name: 'legacy-test', version: '1.0.0' });
    await client.connect(new LegacyTransport(new URL(served.url)));
    return [(params) => client.callTool(params as never), () => client.close()];
  }],
])('tools/call with arguments that are no object, from %s', (_, connect) => {
  it.each(cases)('%s: -32602 invalid-input naming the tool and what it got, no validator dump', async (_case, name, args, tool, kind) => {
    const [callTool, close] = await connect();
    try {
      const answer = await refusal(callTool({ name, arguments: args }));
      expect(answer).toEqual({ code: -32602, message: `arguments of ${JSON.stringify(tool)} must be an object, got ${kind} [invalid-input]`, data: { code: 'invalid-input', tool } });
    } finally {
      await close();
    }
  });

  // 3442: the gateway's own tools' argument errors carried no data.code, unlike every other -32602 it sends.
  // 3463: and their messages end in the code, as the search tool's query errors do ([query-empty]).
  it.each([
    ['search_tools with an unknown key', 'search_tools', { query: 'weather', ranker: 'x' }, 'search_tools expects {"query": string, "limit"?: integer}; unknown key "ranker" [invalid-input]'],
    ['search_tools with a limit out of range', 'search_tools', { query: 'weather', limit: 0 }, /^search_tools expects .*limit must be .* \[invalid-input\]$/],
    ['call_tool without a name', 'call_tool', { arguments: {} }, 'call_tool: name must be a non-empty string [invalid-input]'],
    // 3447: search_tools refused unknown keys but call_tool ignored them: a misspelt `args` called the tool with no arguments.
    ['call_tool with a number for name', 'call_tool', { name: 5 }, 'call_tool: name must be a non-empty string [invalid-input]'],
    ['call_tool with an unknown key', 'call_tool', { name: TOOL, args: { city: 'Paris' } }, 'call_tool expects {"name": string, "arguments"?: object, "searchId"?: string}; unknown key "args" [invalid-input]'],
    ['call_tool with four unknown keys', 'call_tool', { name: TOOL, a: 1, b: 2, c: 3, d: 4 }, 'call_tool expects {"name": string, "arguments"?: object, "searchId"?: string}; unknown keys "a", "b", "c", … [invalid-input]'],
  ])('%s: -32602 invalid-input', async (_case, name, args, message) => {
    const [callTool, close] = await connect();
    try {
      const answer = await refusal(callTool({ name, arguments: args }));
      expect(answer).toMatchObject({ code: -32602, message: typeof message === 'string' ? message : expect.stringMatching(message), data: { code: 'invalid-input' } });
    } finally {
      await close();
    }
  });
});
