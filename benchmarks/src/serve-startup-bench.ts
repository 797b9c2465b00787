// Gateway start-up: how long a user's MCP client waits for `loadout serve`.
// From spawning `loadout serve` (stdio, no flags, in a folder outside the
// workspace whose loadout.config.json lists N stdio upstream servers) until
// a real MCP SDK client's tools/list answers; against, in the same
// interleaved rounds, a bare MCP SDK server (one of those upstreams alone,
// same client, same transport) and bare `node -e 0`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO_ROOT } from './paths.js';

const MAIN = join(REPO_ROOT, 'apps/cli/dist/main.js');
/** A small MCP SDK server over stdio with four tools: the upstream fixture of the gateway's tests. */
const UPSTREAM = join(REPO_ROOT, 'packages/mcp/src/__fixtures__/weather-server.mjs');

/** One measured case: the median wall time and its ratio to the bare SDK server in the same run. */
export interface ServeStartupResult {
  readonly label: string;
  readonly medianMs: number;
  /** `medianMs` over the bare MCP SDK server's median. */
  readonly ratio: number;
  /** Tools the client listed (0 for `node -e 0`). */
  readonly tools: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Milliseconds from spawning `args` to the SDK client's first tools/list answer, and the tools listed. */
async function timeToToolsList(args: readonly string[], cwd: string, env: Record<string, string>): Promise<{ ms: number; tools: number }> {
  const started = performance.now();
  const client = new Client({ name: 'serve-startup-bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [...args], cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, stderr: 'ignore' }));
  const { tools } = await client.listTools();
  const ms = performance.now() - started;
  await client.close();
  return { ms, tools: tools.length };
}

interface ServeStartupCase {
  readonly label: string;
  run(): Promise<{ ms: number; tools: number }>;
}

/**
 * Measures gateway start-up with `upstreams` stdio upstream servers, tool
 * search on (the default policy) and off (`ENABLE_TOOL_SEARCH=false`), after
 * one warm-up round; each case reports its median over `rounds`.
 */
export async function measureServeStartup(upstreams: readonly number[] = [1, 5], rounds = 9): Promise<ServeStartupResult[]> {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-serve-startup-'));
  const cases: ServeStartupCase[] = [
    {
      label: 'node -e 0',
      run: async () => {
        const started = performance.now();
        spawnSync(process.execPath, ['-e', '0']);
        return { ms: performance.now() - started, tools: 0 };
      },
    },
    { label: 'bare MCP SDK server (stdio)', run: () => timeToToolsList([UPSTREAM], folder, {}) },
  ];
  for (const count of upstreams) {
    const cwd = join(folder, `upstreams-${count}`);
    mkdirSync(cwd);
    const mcpServers = Object.fromEntries(Array.from({ length: count }, (_, index) => [`weather${index + 1}`, { command: process.execPath, args: [UPSTREAM] }]));
    writeFileSync(join(cwd, 'loadout.config.json'), JSON.stringify({ mcpServers }));
    cases.push({ label: `loadout serve, ${count} upstream${count === 1 ? '' : 's'}, tool search on`, run: () => timeToToolsList([MAIN, 'serve'], cwd, {}) });
    cases.push({ label: `loadout serve, ${count} upstream${count === 1 ? '' : 's'}, ENABLE_TOOL_SEARCH=false`, run: () => timeToToolsList([MAIN, 'serve'], cwd, { ENABLE_TOOL_SEARCH: 'false' }) });
  }
  const times = cases.map(() => [] as number[]);
  const tools = cases.map(() => 0);
  try {
    for (let round = -1; round < rounds; round++) {
      for (const [index, startupCase] of cases.entries()) {
        const { ms, tools: listed } = await startupCase.run();
        if (round >= 0) times[index]!.push(ms);
        tools[index] = listed;
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const bare = median(times[1]!);
  return cases.map((startupCase, index) => ({ label: startupCase.label, medianMs: median(times[index]!), ratio: median(times[index]!) / bare, tools: tools[index]! }));
}

/** The table as Markdown. */
export function formatServeStartup(results: readonly ServeStartupResult[], rounds: number): string {
  return [
    `Gateway start-up: spawn to the MCP SDK client's first tools/list answer, median of ${rounds} interleaved rounds, stdio, cwd outside the workspace`,
    '',
    '| process | median ms | vs bare SDK server | tools listed |',
    '| --- | ---: | ---: | ---: |',
    ...results.map((result) => `| ${result.label} | ${result.medianMs.toFixed(0)} | ${result.ratio.toFixed(2)}× | ${result.tools} |`),
    '',
  ].join('\n');
}

/** Runs the `serve-startup` part of `pnpm bench`: prints the table and writes `serve-startup.md` to `resultsDir`. */
export async function runServeStartupBench(resultsDir: string, rounds = 9): Promise<ServeStartupResult[]> {
  const results = await measureServeStartup([1, 5], rounds);
  const table = formatServeStartup(results, rounds);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'serve-startup.md'), table);
  process.stdout.write(table);
  return results;
}
