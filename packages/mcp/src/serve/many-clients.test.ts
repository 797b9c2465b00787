import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp } from './serve-http.js';

// Issue 34 item 4, with the SDK 1.x client: 200 clients from one address on the default caps
// (50 sessions per address) lost 150 to eviction of sessions idle for a moment between handshake
// steps, and 40 sessions holding a GET stream evicted an active client. Now no admitted session
// is lost: a newcomer is refused with 503 and Retry-After until a slot can be freed.
const logger = createMemoryLogger();
let gateway: Gateway;

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
});

afterAll(async () => {
  await gateway?.close();
});

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'many-clients', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function echo(client: Client, text: string): Promise<string> {
  const result = (await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__tools__echo_text', arguments: { text } } })) as { content: { text: string }[] };
  return result.content[0]!.text;
}

/** Whether `error` is the gateway's 503 for a full session table (the SDK client puts the status in its message). */
function isBusy(error: unknown): boolean {
  return error instanceof Error && /503|in use or active/.test(error.message);
}

describe('many clients from one address', () => {
  it('200 concurrent SDK clients on the default caps: an active client is never evicted, no admitted session is lost, the refused retry and get in', async () => {
    const server = await serveHttp(gateway, { logger, closeGateway: false });
    const tally = { tried: 0, refused: 0, lost: 0, done: 0 };
    try {
      const active = await connect(server.url);
      let activeCalls = 0;
      let stop = false;
      const activeLoop = (async () => {
        while (!stop) {
          expect(await echo(active, `active ${activeCalls}`)).toContain(`active ${activeCalls}`);
          activeCalls += 1;
        }
      })();
      await Promise.all(
        Array.from({ length: 200 }, async (_, index) => {
          for (;;) {
            tally.tried += 1;
            let client: Client;
            try {
              client = await connect(server.url);
            } catch (error) {
              if (!isBusy(error)) throw error;
              tally.refused += 1;
              await new Promise((resolve) => setTimeout(resolve, 100));
              continue;
            }
            try {
              await client.listTools();
              expect(await echo(client, `client ${index}`)).toContain(`client ${index}`);
              tally.done += 1;
            } catch {
              tally.lost += 1;
            }
            await client.close();
            return;
          }
        }),
      );
      stop = true;
      await activeLoop;
      expect(await echo(active, 'still here')).toContain('still here');
      await active.close();
      expect(tally).toMatchObject({ done: 200, lost: 0 });
      expect(activeCalls).toBeGreaterThan(0);
      process.stdout.write(`many-clients: 200 clients, ${tally.tried} attempts, ${tally.refused} refused with 503, ${tally.lost} lost; the active client made ${activeCalls} calls, none failed\n`);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('40 sessions holding a GET stream do not evict an active client: the streams idle past the grace period make room (injected clock)', async () => {
    let clock = 1_000_000;
    const server = await serveHttp(gateway, { logger, closeGateway: false, maxSessionsPerAddress: 42, now: () => clock });
    try {
      const holders = await Promise.all(Array.from({ length: 40 }, () => connect(server.url)));
      // Every SDK 1.x client opens its GET stream after the handshake.
      await waitFor(() => server.sessionCount() === 40, 5000, '40 sessions');
      const active = await connect(server.url);
      clock += 31_000;
      expect(await echo(active, 'before')).toContain('before');
      // Two newcomers at the cap of 42: stream holders idle for 31 s give way, the active client does not.
      const newcomers = [await connect(server.url), await connect(server.url)];
      expect(await echo(active, 'after')).toContain('after');
      for (const client of newcomers) expect(await echo(client, 'new')).toContain('new');
      expect(logger.has('info', /evicted, idle 31 s/)).toBe(true);
      for (const client of [...holders, ...newcomers, active]) await client.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
