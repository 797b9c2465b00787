import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream, referenceServerScript, temporaryFolder, waitFor } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { GatewayCallError } from './gateway-call-error.js';

// #34's reproductions of one upstream hurting the others, against the real
// filesystem reference server (SDK 1.x, from npm) and our misbehaving one:
// each fault stays with its call, and the upstream keeps its process.
const folder = temporaryFolder('faults');
const logger = createMemoryLogger();
let gateway: Gateway;

async function failure(promise: Promise<unknown>): Promise<GatewayCallError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GatewayCallError)) throw new Error(`expected a GatewayCallError, got ${String(error)}`);
  return error;
}

function text(result: { content: unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

const status = (name: string) => gateway.upstreams().find((upstream) => upstream.name === name)!;

beforeAll(async () => {
  writeFileSync(join(folder.path, 'big.txt'), 'a'.repeat(12 * 1024 * 1024));
  writeFileSync(join(folder.path, 'small.txt'), 'small file');
  gateway = await createGateway({
    config: {
      mcpServers: {
        files: nodeUpstream(referenceServerScript('server-filesystem'), [folder.path]),
        big: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_BIG_RESULT: '1', MISBEHAVE_BIG_DESCRIPTION: String(10 * 1024 * 1024), MISBEHAVE_PAGE_SIZE: '4' }),
      },
    },
    logger,
    upstreamStderr: 'ignore',
    circuitBreaker: { failures: 2, cooldownMs: 60_000 },
    callTimeoutMs: 20_000,
  });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  folder.remove();
});

describe('upstream faults stay with that upstream and that call', () => {
  it('a 12 MB read_text_file fails only that call with mcp-result-too-large; calls in flight beside it succeed and the PID is unchanged', async () => {
    const pid = status('files').pid;
    expect(pid).toBeGreaterThan(0);
    const read = (name: string) => gateway.callTool('mcp__files__read_text_file', { path: join(folder.path, name) });
    const [big, ...small] = await Promise.allSettled([read('big.txt'), ...Array.from({ length: 10 }, () => read('small.txt'))]);
    expect(small.map((outcome) => (outcome.status === 'fulfilled' ? text(outcome.value) : String(outcome.reason)))).toEqual(Array(10).fill('small file'));
    if (big?.status !== 'rejected' || !(big.reason instanceof GatewayCallError)) throw new Error('the big read should fail');
    expect(big.reason.code).toBe(-32603);
    expect(big.reason.data).toMatchObject({ code: 'mcp-result-too-large', server: 'files', tool: 'read_text_file', limit: 10 * 1024 * 1024 });
    expect(big.reason.data?.['bytes']).toBeGreaterThan(12 * 1024 * 1024);
    expect(big.reason.message).toMatch(/answered with a message of \d+ bytes, more than the limit of 10485760; the result was dropped and the connection kept/);
    expect(text(await read('small.txt'))).toBe('small file');
    expect(status('files')).toMatchObject({ state: 'ready', pid, available: true, failedAttempts: 0 });
    expect(logger.has('warn', /upstream "files": .*retrying/)).toBe(false);
  }, 60_000);

  it("the circuit breaker counts upstream failures, not one caller's oversized results or arguments", async () => {
    const pid = status('big').pid;
    for (let round = 0; round < 4; round++) {
      const error = await failure(gateway.callTool('mcp__big__big_result', { bytes: 11 * 1024 * 1024 }));
      expect(error.data).toMatchObject({ code: 'mcp-result-too-large', limit: 10 * 1024 * 1024 });
      const refused = await failure(gateway.callTool('mcp__big__echo_text', { text: 'x'.repeat(5 * 1024 * 1024) }));
      expect(refused.data).toMatchObject({ code: 'mcp-arguments-too-large' });
    }
    expect(status('big')).toMatchObject({ state: 'ready', pid, available: true });
    expect(status('big').circuitOpenUntil).toBeUndefined();
    expect(text(await gateway.callTool('mcp__big__big_result', { bytes: 1000 }))).toHaveLength(1000);
  }, 60_000);

  it('a listing with a 10 MB description loses only that tool', () => {
    expect(gateway.findTool('mcp__big__huge_description_tool')).toBeUndefined();
    expect(gateway.findTool('mcp__big__echo_text')).toBeDefined();
    expect(gateway.findTool('mcp__big__deep_result')).toBeDefined();
    expect(logger.has('warn', /upstream "big": skipped tool \d+ \("huge_description_tool"\): its definition is \d+ bytes of JSON, more than 262144 \[mcp-tool-over-limit\]/)).toBe(true);
  });
});

describe('listings over the limits', () => {
  it('a page over the listing limit loses that page, keeps the pages before it, and the upstream stays up', async () => {
    const pageLogger = createMemoryLogger();
    const paged = await createGateway({
      config: { mcpServers: { big: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_BIG_DESCRIPTION: String(3 * 1024 * 1024), MISBEHAVE_PAGE_SIZE: '4' }) } },
      logger: pageLogger,
      upstreamStderr: 'ignore',
      limits: { maxMessageBytes: 1024 * 1024, maxListingBytes: 2 * 1024 * 1024 },
      reconnect: { initialMs: 50, maxMs: 50 },
    });
    try {
      expect(paged.upstreams()[0]).toMatchObject({ state: 'ready', failedAttempts: 0 });
      expect(paged.catalog.tools.map((tool) => tool.name)).toEqual(['echo_text', 'crash_server', 'hang_forever', 'start_storm', 'count_lists', 'slow_list', 'add_tool', 'pinned_status']);
      expect(pageLogger.has('warn', /upstream "big": tools\/list page 3 was \d+ bytes, more than the limit of 2097152: its tools and any later pages were skipped \(kept the 8 tools of the pages before it\)/)).toBe(true);
      expect(pageLogger.has('warn', /retrying/)).toBe(false);
    } finally {
      await paged.close();
    }
  }, 60_000);

  it('100,000 tools in one page keep the first 10,000', async () => {
    const crowdedLogger = createMemoryLogger();
    const crowded = await createGateway({
      config: { mcpServers: { crowded: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_TOOL_COUNT: '100000', MISBEHAVE_PAGE_SIZE: '200000' }) } },
      logger: crowdedLogger,
      upstreamStderr: 'ignore',
      connectTimeoutMs: 60_000,
    });
    try {
      expect(crowded.upstreams()[0]).toMatchObject({ state: 'ready', toolCount: 10_000 });
      expect(crowdedLogger.has('warn', /upstream "crowded": skipped the last \d+ of \d+ tools: at most 10000 per server \[mcp-tool-over-limit\]/)).toBe(true);
    } finally {
      await crowded.close();
    }
  }, 120_000);
});

describe('a crash-looping upstream', () => {
  it('backs off further at every crash soon after its handshake, instead of restarting at the initial delay', async () => {
    const starts = join(folder.path, 'starts.log');
    const loopLogger = createMemoryLogger();
    const looping = await createGateway({
      config: { mcpServers: { loop: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_START_LOG: starts, MISBEHAVE_EXIT_AFTER_LIST: '20' }) } },
      logger: loopLogger,
      upstreamStderr: 'ignore',
      reconnect: { initialMs: 50, maxMs: 400 },
    });
    try {
      await waitFor(() => (looping.upstreams()[0]?.failedAttempts ?? 0) >= 5, 30_000, 'five crashes');
      const delays = loopLogger.lines.flatMap((line) => /upstream "loop": .*retrying in (\d+) ms/.exec(line)?.[1] ?? []).map(Number);
      expect(delays.slice(0, 5)).toEqual([50, 100, 200, 400, 400]);
      expect(readFileSync(starts, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(5);
      // One warning for the reason; its repeats are counted in the attempt number, at debug.
      expect(loopLogger.lines.filter((line) => line.startsWith('warn: ') && line.includes('retrying'))).toHaveLength(1);
      expect(loopLogger.has('info', /upstream "loop": ready with \d+ tools \(after [2-9]\d* failed attempts\)/)).toBe(true);
    } finally {
      await looping.close();
    }
  }, 60_000);
});
