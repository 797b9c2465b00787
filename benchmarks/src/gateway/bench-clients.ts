import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnBenchProcess, syntheticTools, type BenchProcess } from './bench-processes.js';

type McpModule = typeof import('@loadout/mcp');
/** An MCP SDK client connected to a bench server (one session). */
export type BenchClient = Awaited<ReturnType<McpModule['connectUpstream']>>;

/** Common options of the gateway benchmarks. */
export interface GatewayBenchSetup {
  /** Concurrent MCP clients (one session each). 1–256; default 8. */
  readonly concurrency?: number;
  /** Tools in the synthetic upstream. 1–10,000; default 10,000. */
  readonly tools?: number;
  /** Results per search. 1–100; default 5. */
  readonly limit?: number;
  /**
   * Before the bench's own clients connect, this many MCP SDK clients
   * initialize a session each and `close()` without a DELETE (abandoned
   * sessions), with the gateway's default session caps (100, 50 per
   * address). 0–10,000; default 0 (then the caps are raised to fit the bench).
   */
  readonly abandonedSessions?: number;
}

/** Checks an integer option of a bench. */
export function bounded(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result < min || result > max) throw new Error(`gateway bench: ${name} must be an integer from ${min} to ${max}, got ${result}`);
  return result;
}

/** A started gateway with its clients, the queries, and a way to run searches through a pool of clients. */
export interface GatewayUnderTest {
  readonly gateway: BenchProcess;
  readonly clients: readonly BenchClient[];
  readonly tools: number;
  readonly limit: number;
  /** Queries in the mix `search` takes them from (round robin). */
  readonly queryCount: number;
  /** From spawning the upstream to a searchable gateway (connect, list 10 pages, index). */
  readonly startupMs: number;
  /** A temporary folder for files the bench hands to its processes. */
  readonly folder: string;
  /** How long the abandoned sessions took to open and close, and whether every one initialized (undefined without them). */
  readonly abandoned?: { readonly sessions: number; readonly ms: number };
  /** Connects `count` MCP SDK clients over HTTP to `url`. */
  connect(url: string, count: number): Promise<BenchClient[]>;
  /** One search_tools call with the `index`-th query (round robin over the demo queries); throws on an error result. */
  search(client: BenchClient, index: number): Promise<unknown>;
  /**
   * Runs `count` searches through `pool`, each client taking the next index as
   * it finishes; `onDone(index, ms)` sees each. Resolves with the wall time in ms.
   */
  run(pool: readonly BenchClient[], count: number, onDone?: (index: number, ms: number) => void): Promise<number>;
  /** Closes the clients and stops the processes; removes the folder. */
  close(): Promise<void>;
}

/** Starts the gateway process over a synthetic upstream and connects `concurrency` clients to it. */
export async function startGatewayUnderTest(setup: GatewayBenchSetup = {}): Promise<GatewayUnderTest> {
  const concurrency = bounded('concurrency', setup.concurrency, 8, 1, 256);
  const toolCount = bounded('tools', setup.tools, 10_000, 1, 10_000);
  const limit = bounded('limit', setup.limit, 5, 1, 100);
  const abandonedSessions = bounded('abandonedSessions', setup.abandonedSessions, 0, 0, 10_000);
  const mcp = await import('@loadout/mcp');
  const { demoQueries } = (await import('@loadout/demo-catalog')) as { demoQueries: readonly { query: string }[] };
  const queries = demoQueries.map((entry) => entry.query);
  const folder = mkdtempSync(join(tmpdir(), 'loadout-gateway-bench-'));
  const toolsFile = join(folder, 'tools.json');
  writeFileSync(toolsFile, JSON.stringify(await syntheticTools(toolCount)));
  // 0: the gateway's default session caps, which the abandoned sessions must not exhaust.
  const gateway = spawnBenchProcess({ role: 'gateway', toolsFile, limit, maxSessions: abandonedSessions > 0 ? 0 : 4 * concurrency + 4 });
  const opened: BenchClient[] = [];
  const connect = async (url: string, count: number): Promise<BenchClient[]> => {
    const clients = await Promise.all(
      Array.from({ length: count }, () => mcp.connectUpstream({ type: 'http', url, headers: {}, alwaysLoad: false }, { timeoutMs: 30_000 })),
    );
    opened.push(...clients);
    return clients;
  };
  const search = async (client: BenchClient, index: number): Promise<unknown> => {
    const result = await client.callTool({ name: 'search_tools', arguments: { query: queries[index % queries.length]!, limit } });
    if (result.isError) throw new Error(`search_tools failed: ${JSON.stringify(result.content)}`);
    return result;
  };
  const close = async (): Promise<void> => {
    await Promise.all(opened.map((client) => client.close().catch(() => {})));
    await gateway.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const ready = await gateway.nextMessage('ready');
    if (ready.tools !== toolCount) throw new Error(`gateway indexed ${ready.tools} of ${toolCount} tools`);
    let abandoned: { sessions: number; ms: number } | undefined;
    if (abandonedSessions > 0) {
      const started = performance.now();
      for (let index = 0; index < abandonedSessions; index++) {
        const client = await mcp.connectUpstream({ type: 'http', url: ready.url, headers: {}, alwaysLoad: false }, { timeoutMs: 30_000 });
        await client.close();
      }
      abandoned = { sessions: abandonedSessions, ms: Math.round(performance.now() - started) };
    }
    const clients = await connect(ready.url, concurrency);
    return {
      ...(abandoned === undefined ? {} : { abandoned }),
      gateway,
      clients,
      tools: toolCount,
      limit,
      queryCount: queries.length,
      startupMs: Math.round(ready.startupMs),
      folder,
      connect,
      search,
      async run(pool, count, onDone) {
        let taken = 0;
        const started = performance.now();
        await Promise.all(
          pool.map(async (client) => {
            for (let index = taken++; index < count; index = taken++) {
              const start = performance.now();
              await search(client, index);
              onDone?.(index, performance.now() - start);
            }
          }),
        );
        return performance.now() - started;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
