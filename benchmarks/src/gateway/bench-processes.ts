// The processes of the gateway benchmarks: a synthetic upstream with up to
// 10,000 tools, the gateway in its own process on loopback over streamable
// HTTP, and the peer (a bare MCP SDK server in its own process, same
// transport, answering a constant search_tools result). The bench process
// holds the MCP SDK clients. Every process runs at nice 10 or more, so a
// long run does not starve other work on the machine.
import { fork } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/** Niceness of the bench and its processes. */
export const BENCH_NICENESS = 10;

/** Raises the niceness of a process (default: this one) to {@link BENCH_NICENESS}; never lowers it. */
export function renice(pid = 0): void {
  try {
    if (getPriority(pid) < BENCH_NICENESS) setPriority(pid, BENCH_NICENESS);
  } catch {
    // not permitted or already gone: run at the current priority
  }
}

/**
 * A stdio MCP server in plain Node, speaking newline-delimited JSON-RPC: it
 * lists the tools of a JSON file 1,000 per page and echoes calls. Written
 * without the SDK so the upstream costs the gateway as little as possible.
 */
export const SYNTHETIC_UPSTREAM = `
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

/** `count` MCP tools made from the demo catalog's, renamed per copy (`<server>_<name>_<copy>`). */
export async function syntheticTools(count: number): Promise<object[]> {
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

/** Messages from a bench process. */
export type BenchProcessMessage =
  | { readonly type: 'ready'; readonly url: string; readonly tools: number; readonly startupMs: number }
  | { readonly type: 'memory'; readonly heapUsed: number; readonly rss: number }
  /** CPU time (user + system) the process has used so far, in ms. */
  | { readonly type: 'cpu'; readonly ms: number };

/** A running bench process: its next message of a type, and a stop that waits for it to exit. */
export interface BenchProcess {
  nextMessage<T extends BenchProcessMessage['type']>(type: T): Promise<Extract<BenchProcessMessage, { type: T }>>;
  send(message: { readonly type: string }): void;
  stop(): Promise<void>;
}

/** What a bench process serves. */
export type BenchProcessRole =
  | { readonly role: 'gateway'; readonly toolsFile: string; readonly limit: number; /** 0: the gateway's defaults. */ readonly maxSessions: number }
  | { readonly role: 'bare'; readonly resultFile: string };

/**
 * `--cpu-prof` into the folder `LOADOUT_BENCH_CPU_PROF` names (one
 * `.cpuprofile` per bench process, written when it exits), or nothing.
 */
function profileArgs(): string[] {
  const folder = process.env['LOADOUT_BENCH_CPU_PROF'];
  return folder === undefined || folder === '' ? [] : ['--cpu-prof', `--cpu-prof-dir=${folder}`];
}

/** Starts a gateway or peer process (`bench-child.ts` under tsx, with `--expose-gc`, @loadout/* from sources) at {@link BENCH_NICENESS}. */
export function spawnBenchProcess(role: BenchProcessRole): BenchProcess {
  const args = role.role === 'gateway' ? ['gateway', role.toolsFile, String(role.limit), String(role.maxSessions)] : ['bare', role.resultFile];
  const child = fork(fileURLToPath(new URL('./bench-child.ts', import.meta.url)), args, {
    execArgv: ['--expose-gc', '--conditions=development', '--import', import.meta.resolve('tsx'), ...profileArgs()],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid !== undefined) renice(child.pid);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    nextMessage: (type) =>
      new Promise((resolve, reject) => {
        const onMessage = (message: BenchProcessMessage): void => {
          if (message.type !== type) return;
          child.off('message', onMessage);
          resolve(message as never);
        };
        child.on('message', onMessage);
        void exited.then((code) => reject(new Error(`a bench process exited (code ${code}) before sending "${type}"`)));
      }),
    send(message) {
      if (child.connected) child.send(message);
    },
    async stop() {
      if (child.connected) child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
