import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { callOutcome } from '../__fixtures__/call-outcome.js';
import { nodeTypescriptArgs, SERVE_STDIO_ENTRY } from '../__fixtures__/spawn-typescript.js';
import { isRunning, MISBEHAVING_SERVER, nodeUpstream, temporaryFolder } from '../__fixtures__/upstream-servers.js';


const folder = temporaryFolder('stdio-shutdown');
afterAll(() => folder.remove());

// Trial 3427: over stdio, requests in flight at SIGINT/SIGTERM got no reply (the connection closed under
// them); over HTTP they get -32000 gateway-shutting-down (3424). Now stdio answers them so too.
describe('serve over stdio, shutting down on a signal', () => {
  it('answers every request in flight gateway-shutting-down before it exits', async () => {
    const configPath = join(folder.path, 'mcp.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER) } }));
    const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeTypescriptArgs(), SERVE_STDIO_ENTRY, configPath], stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'stdio-shutdown', version: '1' });
    await client.connect(transport);
    const closed = new Promise<void>((resolve) => {
      const previous = transport.onclose;
      transport.onclose = () => {
        previous?.();
        resolve();
      };
    });
    const hang = { name: 'call_tool', arguments: { name: 'mcp__bad__hang_forever', arguments: {} } };
    const calls = Array.from({ length: 3 }, () => callOutcome(client.callTool(hang, undefined, { timeout: 60_000 })));
    // Messages are read in order: once the ping is answered, the three calls were received and are in flight.
    await client.ping();
    const started = Date.now();
    process.kill(transport.pid!, 'SIGTERM');
    const outcomes = await Promise.all(calls);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const ended of outcomes) {
      expect(ended).toMatchObject({ code: -32000, data: 'gateway-shutting-down', message: expect.stringContaining('the gateway is shutting down') });
    }
    await closed;
    expect(stderr).toMatch(/answered 3 requests in flight: the gateway is shutting down \[gateway-shutting-down\]/);
  }, 60_000);

  // 3447: a client closing stdin with a call in flight aborted that call with a closed-connection error, which was taken
  // for the upstream failing: "the connection closed during a call; retrying in 500 ms" while the gateway shut down.
  it('neither retries nor reports an upstream when the client closes stdin with a call in flight', async () => {
    const configPath = join(folder.path, 'mcp-close.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER) } }));
    const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeTypescriptArgs(), SERVE_STDIO_ENTRY, configPath], stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'stdio-close', version: '1' });
    await client.connect(transport);
    const pid = transport.pid!;
    const call = callOutcome(client.callTool({ name: 'call_tool', arguments: { name: 'mcp__bad__hang_forever', arguments: {} } }, undefined, { timeout: 60_000 }));
    await client.ping();
    await client.close();
    await call;
    const deadline = Date.now() + 10_000;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isRunning(pid)).toBe(false);
    expect(stderr).not.toMatch(/retrying|reconnecting|closed during a call/);
  }, 60_000);

  // Re-trial: a client whose reading end went away (`loadout serve | head -1`, a crashed client) left the gateway and
  // every upstream running forever: the failed write stopped the SDK reading stdin, so its end was never seen.
  it('exits, closing its upstreams, when its stdout reader goes away, though stdin stays open', async () => {
    const configPath = join(folder.path, 'mcp-reader-gone.json');
    writeFileSync(configPath, JSON.stringify({ mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER) } }));
    const child = spawn(process.execPath, [...nodeTypescriptArgs(), SERVE_STDIO_ENTRY, configPath], { stdio: ['pipe', 'pipe', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const send = (message: object): void => void child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'gone', version: '1' } } });
    // The first line read, the reader goes (as head -1 does); stdin stays open.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_tools', arguments: { query: 'echo' } } });
    const code = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 15_000))]);
    if (code === 'running') child.kill('SIGKILL');
    expect(code).not.toBe('running');
  }, 60_000);
});
