// The clients of the replicas bench: MCP SDK v2 clients (2026-07-28,
// stateless: each search result carries a searchId) and MCP SDK 1.x clients
// (a 2025-era session each), driving search_tools and search-then-call_tool.
import { performance } from 'node:perf_hooks';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** What the bench needs of either client. */
export interface ReplicaClient {
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

/** `count` clients of one protocol generation connected to `url`. */
export async function connectClients(url: string, count: number, era: 'modern' | 'legacy'): Promise<ReplicaClient[]> {
  const mcp = await import('@loadout/mcp');
  return Promise.all(
    Array.from({ length: count }, async (): Promise<ReplicaClient> => {
      if (era === 'modern') return mcp.connectUpstream({ type: 'http', url, headers: {}, alwaysLoad: false }, { timeoutMs: 30_000 });
      const client = new LegacyClient({ name: 'replicas-bench', version: '1.0.0' });
      await client.connect(new LegacyTransport(new URL(url)));
      return client;
    }),
  );
}

interface SearchAnswer {
  readonly tools: readonly { readonly name: string }[];
  readonly searchId?: string;
}

function answerOf(result: unknown): SearchAnswer {
  const { structuredContent, isError, content } = result as { structuredContent?: SearchAnswer; isError?: boolean; content?: unknown };
  if (isError === true || structuredContent === undefined) throw new Error(`search_tools failed: ${JSON.stringify(content).slice(0, 300)}`);
  return structuredContent;
}

/** One unit of work of a client: `index` picks the query. */
export type Work = (client: ReplicaClient, index: number) => Promise<void>;

/** search_tools with the `index`-th query. */
export function searchWork(queries: readonly string[]): Work {
  return async (client, index) => {
    answerOf(await client.callTool({ name: 'search_tools', arguments: { query: queries[index % queries.length]!, limit: 5 } }));
  };
}

/**
 * A search, then call_tool on its first result with the search's searchId: a
 * positive the recorder keeps. Each query carries a serial number, so every
 * call is a new (search, tool) pair (a replica records a pair once).
 */
export function searchThenCallWork(queries: readonly string[]): Work {
  let serial = 0;
  return async (client, index) => {
    const query = `${queries[index % queries.length]!} n${serial++}`;
    const answer = answerOf(await client.callTool({ name: 'search_tools', arguments: { query, limit: 5 } }));
    const first = answer.tools[0];
    if (first === undefined) throw new Error(`no tool found for ${query}`);
    if (answer.searchId === undefined) throw new Error('a stateless search result carried no searchId');
    const result = (await client.callTool({ name: 'call_tool', arguments: { name: first.name, arguments: {}, searchId: answer.searchId } })) as { isError?: boolean; content?: unknown };
    if (result.isError === true) throw new Error(`call_tool failed: ${JSON.stringify(result.content).slice(0, 300)}`);
  };
}

/** Runs `count` units of `work` through `pool`, each client taking the next index as it finishes; the wall time in ms. */
export async function runPool(pool: readonly ReplicaClient[], count: number, work: Work): Promise<number> {
  let taken = 0;
  const started = performance.now();
  await Promise.all(
    pool.map(async (client) => {
      for (let index = taken++; index < count; index = taken++) await work(client, index);
    }),
  );
  return performance.now() - started;
}
