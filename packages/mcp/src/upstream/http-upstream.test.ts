import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { referenceServerScript, waitFor } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { GatewayCallError } from './gateway-call-error.js';

// A remote (streamable HTTP) upstream: the reference "everything" server in
// its HTTP mode, stopped and restarted on the same port.
const logger = createMemoryLogger();
let port = 0;
let upstream: ChildProcess | undefined;
let gateway: Gateway;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: found } = server.address() as { port: number };
      server.close(() => resolve(found));
    });
  });
}

async function startUpstream(): Promise<void> {
  const child = spawn(process.execPath, [referenceServerScript('server-everything'), 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  upstream = child;
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(() => output.includes('listening on port'), 10_000, 'the HTTP upstream to listen');
}

async function stopUpstream(): Promise<void> {
  const child = upstream;
  upstream = undefined;
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  port = await freePort();
  await startUpstream();
  gateway = await createGateway({
    config: { mcpServers: { remote: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: { 'x-test': 'yes' }, alwaysLoad: false } } },
    logger,
    callTimeoutMs: 2000,
    reconnect: { initialMs: 100, maxMs: 300 },
  });
}, 20_000);

afterAll(async () => {
  await gateway?.close();
  await stopUpstream();
});

describe('an HTTP upstream', () => {
  it('is listed, indexed and called like a local one', async () => {
    expect(gateway.upstreams()[0]).toMatchObject({ name: 'remote', state: 'ready' });
    const hits = await gateway.search('echo back a message', { limit: 1 });
    expect(hits[0]?.tool.displayName).toBe('mcp__remote__echo');
    const result = await gateway.callTool('mcp__remote__echo', { message: 'over http' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: over http' }]);
  });

  it('is marked unavailable when the server goes away, and reconnects when it is back', async () => {
    await stopUpstream();
    const error = await gateway.callTool('mcp__remote__echo', { message: 'anyone?' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(GatewayCallError);
    expect((error as GatewayCallError).code).toBe(-32010);
    // Whichever comes first: the call's own refused request, or the ping after the broken event stream closing the connection (3447).
    expect((error as GatewayCallError).message).toMatch(/upstream server "remote" (is unavailable|closed the connection during the call to "echo") \(state: reconnecting/);
    await waitFor(() => (gateway.upstreams()[0]?.failedAttempts ?? 0) >= 2, 5000, 'failed reconnections');
    expect(gateway.upstreams()[0]?.lastError).toMatch(/could not connect/);
    await startUpstream();
    await waitFor(() => gateway.upstreams()[0]?.state === 'ready', 5000, 'the reconnection');
    const result = await gateway.callTool('mcp__remote__echo', { message: 'back' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: back' }]);
  });

  // 3447: the caller waited its whole timeout and was told the tool "did not answer" (-32001, counted as a timeout).
  it('fails a call in flight at once with -32010 when the server is killed during it, then reconnects', async () => {
    const started = Date.now();
    const call = gateway.callTool('mcp__remote__trigger-long-running-operation', { duration: 5, steps: 5 }, { timeoutMs: 8000 }).catch((reason: unknown) => reason);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stopUpstream();
    const error = await call;
    const waited = Date.now() - started;
    expect(error).toBeInstanceOf(GatewayCallError);
    expect(error).toMatchObject({ code: -32010, data: { code: 'mcp-upstream-unavailable', server: 'remote', tool: 'trigger-long-running-operation' } });
    expect((error as GatewayCallError).message).toMatch(/^upstream server "remote" closed the connection during the call to "trigger-long-running-operation" \(.*last error: a response stream broke off and a ping failed/);
    expect(waited).toBeLessThan(3000);
    await startUpstream();
    await waitFor(() => gateway.upstreams()[0]?.state === 'ready', 5000, 'the reconnection');
    const result = await gateway.callTool('mcp__remote__echo', { message: 'back again' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: back again' }]);
  }, 20_000);
});
