// Entry of a gateway-bench process (forked by `spawnBenchProcess`):
//   bench-child.ts gateway TOOLS_FILE LIMIT MAX_SESSIONS
//   bench-child.ts bare RESULT_FILE
// Reports `ready` (and on request `memory`, after full collections, and
// `cpu`, the process's CPU time so far) over IPC
// and exits when told to stop or when the bench goes away.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { readMemory } from '../speed/memory.js';
import { SYNTHETIC_UPSTREAM, type BenchProcessMessage } from './bench-processes.js';

const send = (message: BenchProcessMessage): void => void process.send?.(message);

function stopWith(close: () => Promise<void>): void {
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stop') void close().then(() => process.exit(0));
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', ms: (user + system) / 1000 });
    }
    if (message.type === 'memory') {
      void readMemory().then(() => send({ type: 'memory', heapUsed: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss }));
    }
  });
  process.on('disconnect', () => void close().then(() => process.exit(0)));
}

/** The gateway over the synthetic upstream's tools, on 127.0.0.1, logging warnings only; `maxSessions` 0 keeps the default caps. */
async function serveGateway(toolsFile: string, limit: number, maxSessions: number): Promise<void> {
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
  const server = await mcp.serveHttp(gateway, { logger, ...(maxSessions > 0 ? { maxSessions } : {}) });
  stopWith(() => server.close());
  send({ type: 'ready', url: server.url, tools: gateway.catalog.tools.length, startupMs });
}

/** The peer: a bare MCP SDK server answering search_tools with the result in `resultFile`. */
async function serveBare(resultFile: string): Promise<void> {
  const { serveBareMcpServer } = await import('../bare-mcp-server.js');
  const server = await serveBareMcpServer(JSON.parse(readFileSync(resultFile, 'utf8')));
  stopWith(() => server.close());
  send({ type: 'ready', url: server.url, tools: 0, startupMs: 0 });
}

const [role, ...args] = process.argv.slice(2);
if (role === 'gateway') await serveGateway(args[0]!, Number(args[1]), Number(args[2]));
else if (role === 'bare') await serveBare(args[0]!);
else throw new Error(`bench-child: unknown role ${String(role)}`);
