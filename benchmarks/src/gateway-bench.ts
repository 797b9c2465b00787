// The MCP gateway under load: a synthetic upstream with 10,000 tools, the
// gateway in its own process on loopback over streamable HTTP, and
// concurrent MCP clients in this process calling search_tools. Two parts:
// throughput against a peer (a bare MCP SDK server in its own process, same
// transport, answering a constant search_tools result), in alternating
// rounds so both see the same machine; and a soak of the gateway (default
// 100,000 searches) with its memory sampled every tenth. Run alone with
//   tsx benchmarks/src/gateway-bench.ts [--searches N] [--concurrency N] [--json]
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readMemory } from './speed/memory.js';

const GATEWAY_MODE = '--gateway-process';
const BARE_MODE = '--bare-process';
/** Throughput rounds, each running `roundSearches` against the peer, then the gateway. */
const ROUNDS = 4;

/** Options of {@link runGatewayBench}. */
export interface GatewayBenchOptions {
  /** Searches to run, in total. 1–10,000,000; default 100,000. */
  readonly searches?: number;
  /** Concurrent MCP clients (one session each). 1–256; default 8. */
  readonly concurrency?: number;
  /** Tools in the synthetic upstream. 1–10,000; default 10,000. */
  readonly tools?: number;
  /** Results per search. Default 5. */
  readonly limit?: number;
  /** Searches per server in each of the 4 throughput rounds. 1–1,000,000; default 5,000. */
  readonly roundSearches?: number;
}

/** One memory sample of the gateway process during the soak (after full collections). */
export interface GatewayMemorySample {
  readonly searches: number;
  readonly heapMb: number;
  readonly rssMb: number;
}

/** What {@link runGatewayBench} measured. */
export interface GatewayBenchResult {
  readonly tools: number;
  readonly searches: number;
  readonly concurrency: number;
  /** From spawning the upstream to a searchable gateway (connect, list 10 pages, index). */
  readonly startupMs: number;
  readonly wallMs: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** The gateway process's heap after the warm-up and after every search, each after full collections. */
  readonly heapBeforeMb: number;
  readonly heapAfterMb: number;
  /** The gateway process's resident memory after every search. */
  readonly rssAfterMb: number;
  /** Memory every tenth of the soak, the first right after the warm-up. */
  readonly samples: readonly GatewayMemorySample[];
  /** Largest RSS of the soak minus the first sample's, in MB (flat: a few MB of allocator noise). */
  readonly rssGrowthMb: number;
  /** Throughput rounds: search_tools req/s of the gateway and of the bare SDK server, same clients, same run. */
  readonly throughput: { readonly gatewayRps: number; readonly bareRps: number; readonly ratio: number; readonly searchesEach: number };
}

/**
 * A stdio MCP server in plain Node, speaking newline-delimited JSON-RPC: it
 * lists the tools of a JSON file 1,000 per page and echoes calls. Written
 * without the SDK so the upstream costs the gateway as little as possible.
 */
const SYNTHETIC_UPSTREAM = `
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const tools = JSON.parse(readFileSync(process.argv[1], 'utf8'));
const PAGE = 1000;
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const reply = (result) => send({ jsonrpc: '2.0', id: message.id, result });
  switch (message.method) {
    case 'initialize':
      return reply({ protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'synthetic', version: '1.0.0' } });
    case 'tools/list': {
      const start = Number(message.params?.cursor ?? 0);
      const page = tools.slice(start, start + PAGE);
      return reply(start + PAGE < tools.length ? { tools: page, nextCursor: String(start + PAGE) } : { tools: page });
    }
    case 'tools/call':
      return reply({ content: [{ type: 'text', text: JSON.stringify(message.params) }] });
    case 'ping':
      return reply({});
    default:
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'method not found: ' + message.method } });
  }
}).on('close', () => process.exit(0));
`;

interface DemoTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
  readonly server?: string | null;
  readonly kind?: string;
}

async function syntheticTools(count: number): Promise<object[]> {
  const { demoCatalogInput } = (await import('@loadout/demo-catalog')) as { demoCatalogInput: { tools: readonly DemoTool[] } };
  const source = demoCatalogInput.tools.filter((tool) => (tool.kind ?? 'mcp') === 'mcp');
  return Array.from({ length: count }, (_, index) => {
    const tool = source[index % source.length]!;
    const copy = Math.floor(index / source.length);
    return {
      name: `${tool.server ?? 'tools'}_${tool.name}_${copy}`,
      description: `${tool.description ?? ''} Workspace ${copy}.`,
      inputSchema: tool.inputSchema ?? { type: 'object', properties: {} },
    };
  });
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

function bounded(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result < min || result > max) throw new Error(`gateway bench: ${name} must be an integer from ${min} to ${max}, got ${result}`);
  return result;
}

const mb = (bytes: number): number => Math.round((bytes / 1_048_576) * 10) / 10;

/** Messages between the bench and its gateway process. */
type GatewayMessage =
  | { readonly type: 'ready'; readonly url: string; readonly tools: number; readonly startupMs: number }
  | { readonly type: 'memory'; readonly heapUsed: number; readonly rss: number };

/**
 * The gateway process: indexes the synthetic upstream's tools, serves them on
 * 127.0.0.1, reports its memory (after full collections) when asked, and
 * exits when told to stop or when the bench goes away.
 */
async function serveGatewayProcess(toolsFile: string, limit: number, maxSessions: number): Promise<void> {
  const mcp = await import('@loadout/mcp');
  const logger = mcp.createStreamLogger({ level: 'warn', prefix: '[bench] gateway' });
  const started = performance.now();
  const gateway = await mcp.createGateway({
    config: mcp.parseMcpConfig({
      mcpServers: { synthetic: { command: process.execPath, args: ['--input-type=module', '-e', SYNTHETIC_UPSTREAM, '--', toolsFile] } },
    }),
    logger,
    limit,
  });
  const startupMs = performance.now() - started;
  const server = await mcp.serveHttp(gateway, { logger, maxSessions });
  const send = (message: GatewayMessage): void => void process.send?.(message);
  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory') {
      void readMemory().then(() => send({ type: 'memory', heapUsed: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss }));
    } else if (message.type === 'stop') {
      void server.close().then(() => process.exit(0));
    }
  });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
  send({ type: 'ready', url: server.url, tools: gateway.catalog.tools.length, startupMs });
}

/** The peer process: a bare MCP SDK server answering search_tools with the result in `resultFile`. */
async function serveBareProcess(resultFile: string): Promise<void> {
  const { serveBareMcpServer } = await import('./bare-mcp-server.js');
  const { readFileSync } = await import('node:fs');
  const server = await serveBareMcpServer(JSON.parse(readFileSync(resultFile, 'utf8')));
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stop') void server.close().then(() => process.exit(0));
  });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
  process.send?.({ type: 'ready', url: server.url, tools: 0, startupMs: 0 });
}

function tsxLoader(): string {
  return import.meta.resolve('tsx');
}

/**
 * Runs the gateway benchmark: the gateway in a child process (started with
 * `--expose-gc` and tsx), `concurrency` MCP SDK clients here, each with its
 * own session, sharing `searches` search_tools calls over a fixed set of
 * realistic queries. Prints one summary line and stops by itself. Expects
 * `@loadout/*` to resolve to workspace sources (the `development` export
 * condition, as `main.ts` arranges).
 */
export async function runGatewayBench(options: GatewayBenchOptions = {}): Promise<GatewayBenchResult> {
  const searches = bounded('searches', options.searches, 100_000, 1, 10_000_000);
  const concurrency = Math.min(bounded('concurrency', options.concurrency, 8, 1, 256), searches);
  const toolCount = bounded('tools', options.tools, 10_000, 1, 10_000);
  const limit = bounded('limit', options.limit, 5, 1, 100);
  const roundSearches = bounded('roundSearches', options.roundSearches, 5000, 1, 1_000_000);
  const mcp = await import('@loadout/mcp');
  const { demoQueries } = (await import('@loadout/demo-catalog')) as { demoQueries: readonly { query: string }[] };
  const queries = demoQueries.map((entry) => entry.query);

  const folder = mkdtempSync(join(tmpdir(), 'loadout-gateway-bench-'));
  const toolsFile = join(folder, 'tools.json');
  writeFileSync(toolsFile, JSON.stringify(await syntheticTools(toolCount)));
  const spawnChild = (args: string[]) => {
    const child = fork(fileURLToPath(import.meta.url), args, {
      execArgv: ['--expose-gc', '--conditions=development', '--import', tsxLoader()],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const nextMessage = <T extends GatewayMessage['type']>(type: T): Promise<Extract<GatewayMessage, { type: T }>> =>
      new Promise((resolve, reject) => {
        const onMessage = (message: GatewayMessage): void => {
          if (message.type !== type) return;
          child.off('message', onMessage);
          resolve(message as Extract<GatewayMessage, { type: T }>);
        };
        child.on('message', onMessage);
        void exited.then((code) => reject(new Error(`a bench process exited (code ${code}) before sending "${type}"`)));
      });
    const stop = async (): Promise<void> => {
      if (child.connected) child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    };
    return { child, nextMessage, stop };
  };
  const gatewayProcess = spawnChild([GATEWAY_MODE, toolsFile, String(limit), String(concurrency + 1)]);
  const { child, nextMessage } = gatewayProcess;
  let bareProcess: ReturnType<typeof spawnChild> | undefined;
  try {
    const ready = await nextMessage('ready');
    if (ready.tools !== toolCount) throw new Error(`gateway indexed ${ready.tools} of ${toolCount} tools`);
    const clients = await Promise.all(
      Array.from({ length: concurrency }, () => mcp.connectUpstream({ type: 'http', url: ready.url, headers: {}, alwaysLoad: false }, { timeoutMs: 30_000 })),
    );
    const search = (client: (typeof clients)[number], index: number) =>
      client.callTool({ name: 'search_tools', arguments: { query: queries[index % queries.length]!, limit } });

    // The peer answers every call with the gateway's own answer to one query, so both send the same bytes.
    const resultFile = join(folder, 'result.json');
    writeFileSync(resultFile, JSON.stringify(await search(clients[0]!, 0)));
    bareProcess = spawnChild([BARE_MODE, resultFile]);
    const bareReady = await bareProcess.nextMessage('ready');
    const bareClients = await Promise.all(
      Array.from({ length: concurrency }, () => mcp.connectUpstream({ type: 'http', url: bareReady.url, headers: {}, alwaysLoad: false }, { timeoutMs: 30_000 })),
    );
    const runRound = async (pool: typeof clients, count: number): Promise<number> => {
      let taken = 0;
      const started = performance.now();
      await Promise.all(
        pool.map(async (client) => {
          for (let index = taken++; index < count; index = taken++) {
            const result = await search(client, index);
            if (result.isError) throw new Error(`search_tools failed: ${JSON.stringify(result.content)}`);
          }
        }),
      );
      return performance.now() - started;
    };
    await runRound(bareClients, Math.min(1000, roundSearches));
    await runRound(clients, Math.min(1000, roundSearches));
    let bareMs = 0;
    let gatewayMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      bareMs += await runRound(bareClients, roundSearches);
      gatewayMs += await runRound(clients, roundSearches);
      process.stderr.write(`[bench] gateway: throughput round ${round + 1}/${ROUNDS} done\n`);
    }
    await Promise.all(bareClients.map((client) => client.close()));
    await bareProcess.stop();
    const bareRps = (ROUNDS * roundSearches * 1000) / bareMs;
    const gatewayRps = (ROUNDS * roundSearches * 1000) / gatewayMs;
    const memory = async (): Promise<{ heapUsed: number; rss: number }> => {
      const reply = nextMessage('memory');
      child.send({ type: 'memory' });
      return reply;
    };

    const warmup = Math.min(1000, searches);
    let next = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (next < warmup) await search(client, next++);
      }),
    );
    const before = await memory();

    const latencies = new Float64Array(searches);
    const samples: GatewayMemorySample[] = [{ searches: 0, heapMb: mb(before.heapUsed), rssMb: mb(before.rss) }];
    const sampleEvery = Math.max(1, Math.floor(searches / 10));
    let sampling: Promise<void> = Promise.resolve();
    next = 0;
    const wallStart = performance.now();
    let lastReport = wallStart;
    await Promise.all(
      clients.map(async (client) => {
        for (let index = next++; index < searches; index = next++) {
          const start = performance.now();
          const result = await search(client, index);
          latencies[index] = performance.now() - start;
          if (result.isError) throw new Error(`search_tools failed: ${JSON.stringify(result.content)}`);
          if ((index + 1) % sampleEvery === 0 && index + 1 < searches) {
            const at = index + 1;
            sampling = sampling.then(async () => {
              const sample = await memory();
              samples.push({ searches: at, heapMb: mb(sample.heapUsed), rssMb: mb(sample.rss) });
            });
          }
          if (start - lastReport > 10_000) {
            lastReport = start;
            process.stderr.write(`[bench] gateway: ${index.toLocaleString('en-US')}/${searches.toLocaleString('en-US')} searches\n`);
          }
        }
      }),
    );
    await sampling;
    const wallMs = performance.now() - wallStart;
    const after = await memory();
    samples.push({ searches, heapMb: mb(after.heapUsed), rssMb: mb(after.rss) });
    samples.sort((left, right) => left.searches - right.searches);
    const rssGrowthMb = Math.round((Math.max(...samples.map((sample) => sample.rssMb)) - samples[0]!.rssMb) * 10) / 10;
    await Promise.all(clients.map((client) => client.close()));
    latencies.sort();
    const result: GatewayBenchResult = {
      tools: toolCount,
      searches,
      concurrency,
      startupMs: Math.round(ready.startupMs),
      wallMs: Math.round(wallMs),
      requestsPerSecond: Math.round((searches / wallMs) * 1000),
      p50Ms: Math.round(percentile(latencies, 0.5) * 100) / 100,
      p99Ms: Math.round(percentile(latencies, 0.99) * 100) / 100,
      maxMs: Math.round(latencies[latencies.length - 1]! * 100) / 100,
      heapBeforeMb: mb(before.heapUsed),
      heapAfterMb: mb(after.heapUsed),
      rssAfterMb: mb(after.rss),
      samples,
      rssGrowthMb,
      throughput: {
        gatewayRps: Math.round(gatewayRps),
        bareRps: Math.round(bareRps),
        ratio: Math.round((gatewayRps / bareRps) * 100) / 100,
        searchesEach: ROUNDS * roundSearches,
      },
    };
    process.stdout.write(
      `gateway ${result.tools.toLocaleString('en-US')} tools, ${result.searches.toLocaleString('en-US')} search_tools calls from ${result.concurrency} clients over HTTP: ` +
        `${result.requestsPerSecond.toLocaleString('en-US')} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms; startup ${result.startupMs} ms; ` +
        `gateway heap ${result.heapBeforeMb} MB after warm-up, ${result.heapAfterMb} MB after all searches, rss ${result.rssAfterMb} MB\n` +
        `gateway soak: rss ${samples.map((sample) => sample.rssMb).join(' → ')} MB every ${sampleEvery.toLocaleString('en-US')} searches (growth ${rssGrowthMb} MB after warm-up)\n` +
        `gateway throughput, ${ROUNDS} alternating rounds of ${roundSearches.toLocaleString('en-US')} searches each, ${concurrency} clients: gateway ${result.throughput.gatewayRps.toLocaleString('en-US')} req/s, ` +
        `bare MCP SDK server with a constant result ${result.throughput.bareRps.toLocaleString('en-US')} req/s, ratio ${result.throughput.ratio} (target ≥ 0.9)\n`,
    );
    return result;
  } finally {
    await bareProcess?.stop();
    await gatewayProcess.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[2] === BARE_MODE) {
  await serveBareProcess(process.argv[3]!);
} else if (process.argv[2] === GATEWAY_MODE) {
  const [toolsFile, limit, maxSessions] = process.argv.slice(3);
  await serveGatewayProcess(toolsFile!, Number(limit), Number(maxSessions));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { searches: { type: 'string' }, concurrency: { type: 'string' }, tools: { type: 'string' }, rounds: { type: 'string' }, json: { type: 'boolean' } },
  });
  const number = (value: string | undefined): number | undefined => (value === undefined ? undefined : Number(value));
  const result = await runGatewayBench({
    ...(values.searches === undefined ? {} : { searches: number(values.searches)! }),
    ...(values.concurrency === undefined ? {} : { concurrency: number(values.concurrency)! }),
    ...(values.tools === undefined ? {} : { tools: number(values.tools)! }),
    ...(values.rounds === undefined ? {} : { roundSearches: number(values.rounds)! }),
  });
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
}
