import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { UsageEvent } from '@loadout/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// Trial 3427: with 300 search-then-call pairs in flight in one session, `serve --record` paired each
// call with the session's latest search (whichever ended last), so events named another pair's query.
const PAIRS = 300;
const events: UsageEvent[] = [];
let gateway: Gateway;
let client: Client;

beforeAll(async () => {
  gateway = await createGateway({
    config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_TOOL_COUNT: String(PAIRS) }) } },
    logger: createMemoryLogger(),
    upstreamStderr: 'ignore',
    recordUsage: (event) => void events.push(event),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.createServer().connect(serverSide);
  client = new Client({ name: 'pairing-test', version: '1' });
  await client.connect(clientSide);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await gateway?.close();
});

describe('serve --record pairs each call with the search that found its tool', () => {
  it(`${PAIRS} concurrent search-then-call pairs in one session: every event names its own query`, async () => {
    const pair = async (index: number): Promise<void> => {
      const query = `generated tool number ${index}`;
      const found = (await client.callTool({ name: 'search_tools', arguments: { query, limit: 1 } })).structuredContent as { tools: { name: string }[] };
      const name = found.tools[0]!.name;
      expect(name).toBe(`mcp__tools__generated_tool_${index}`);
      // Half call the tool directly, half through call_tool without a searchId: both are paired by the session.
      const result = index % 2 === 0 ? await client.callTool({ name, arguments: {} }) : await client.callTool({ name: 'call_tool', arguments: { name, arguments: {} } });
      expect(result.isError).toBeUndefined();
    };
    await Promise.all(Array.from({ length: PAIRS }, (_, index) => pair(index)));
    const wrong = events.filter(({ query, called }) => called[0] !== `mcp__tools__generated_tool_${query.split(' ').at(-1)}`);
    expect(wrong).toEqual([]);
    expect(events.length).toBe(PAIRS);
  });
});
