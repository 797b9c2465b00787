import type { CatalogTool, Ranker, SearchHit } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// A plug-in ranker's result is checked on the gateway's search path (checkRankerResult through
// withCheckedResults): NaN scores or tools it was never given fail that search with
// ranker-invalid-result, and the gateway keeps serving.
function badRanker(hits: (tools: readonly CatalogTool[]) => SearchHit[]): Ranker {
  let tools: readonly CatalogTool[] = [];
  return {
    specificationVersion: 'v1',
    name: 'bad',
    get size() {
      return tools.length;
    },
    index(next) {
      tools = next;
    },
    add() {},
    remove() {},
    search: () => hits(tools),
  };
}

const cases = [
  ['NaN scores', (tools: readonly CatalogTool[]) => [{ tool: tools[0]!, score: Number.NaN }], /score NaN/],
  ['an unknown tool', (tools: readonly CatalogTool[]) => [{ tool: { ...tools[0]!, name: 'ghost', displayName: 'ghost' }, score: 1 }], /"ghost", which is not in the indexed catalog/],
] as const;

describe('the gateway checks a ranker plug-in’s result', () => {
  const gateways: Gateway[] = [];
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
  });

  it.each(cases)('%s: that search gets ranker-invalid-result, the gateway serves on', async (_, hits, problem) => {
    const logger = createMemoryLogger();
    const registry = createBuiltinRegistry().extend({
      rankers: [{ specificationVersion: 'v1', name: 'bad', queryKind: 'keywords', description: 'returns bad results', create: () => badRanker(hits) }],
    });
    const gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore', registry, ranker: 'bad' });
    gateways.push(gateway);
    const answer = await gateway.answer({ query: 'echo a message' });
    expect(answer).toMatchObject({ ok: false, code: 'ranker-invalid-result', message: expect.stringMatching(problem) });
    const [client, server] = InMemoryTransport.createLinkedPair();
    const mcp = new Client({ name: 'ranker-test', version: '1' });
    await gateway.createServer().connect(server);
    await mcp.connect(client);
    const search = (await mcp.callTool({ name: 'search_tools', arguments: { query: 'echo a message' } })) as { isError?: boolean; content: { text: string }[] };
    expect(search.isError).toBe(true);
    expect(search.content[0]!.text).toMatch(/\[ranker-invalid-result\]/);
    // Still serving: listing and calls go on.
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toContain('search_tools');
    const echoed = (await mcp.callTool({ name: 'call_tool', arguments: { name: 'mcp__tools__echo_text', arguments: { text: 'served' } } })) as { content: { text: string }[] };
    expect(echoed.content[0]!.text).toContain('served');
    await mcp.close();
  });
});

// Trial 3468 (#5): a plug-in's error text reaches the log with its credentials masked, as URLs are everywhere else,
// and a ranker that throws is ranker-invalid-result (issue #29's contract for a plug-in's search).
describe('a ranker plug-in that throws with a secret in its message', () => {
  it('is answered by bm25f; the one warning says ranker-invalid-result and masks the URL and the token', async () => {
    const logger = createMemoryLogger();
    const registry = createBuiltinRegistry().extend({
      rankers: [
        {
          specificationVersion: 'v1',
          name: 'bad',
          queryKind: 'keywords',
          description: 'throws',
          create: () =>
            badRanker(() => {
              throw new Error('ranker exploded: DATABASE_URL=postgres://admin:hunter2@db/prod token=sk-MODSECRET');
            }),
        },
      ],
    });
    const gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore', registry, ranker: 'bad', fallbackSearches: true });
    try {
      const [client, server] = InMemoryTransport.createLinkedPair();
      const mcp = new Client({ name: 'ranker-test', version: '1' });
      await gateway.createServer().connect(server);
      await mcp.connect(client);
      const search = (await mcp.callTool({ name: 'search_tools', arguments: { query: 'echo a message' } })) as { isError?: boolean; content: { text: string }[] };
      expect(search.isError).not.toBe(true);
      expect(JSON.stringify(search)).toContain('mcp__tools__echo_text');
      await mcp.close();
      const warnings = logger.lines.filter((line) => line.includes('threw instead of returning results'));
      expect(warnings).toEqual([
        'warn: search_tools: ranker "bad" threw instead of returning results: ranker exploded: DATABASE_URL=postgres://***@db/prod token=*** [ranker-invalid-result], so the built-in ranker "bm25f" answered it',
      ]);
      expect(logger.lines.join('\n')).not.toMatch(/hunter2|MODSECRET/);
    } finally {
      await gateway.close();
    }
  });
});
