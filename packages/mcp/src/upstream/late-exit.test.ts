import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { EXIT_ON_CALL_SERVER, nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { pullCatalog } from '../pull/pull-catalog.js';
import { connectUpstream, upstreamExit } from './connect-upstream.js';
import type { GatewayCallError } from './gateway-call-error.js';

// Trial 3434: a local server that exited after its handshake was reported as `Connection closed` (the log, the
// error a client got for its call, `catalog pull`), while one that exited at start said how it exited (3433).
const LAST_LINE = 'exit-on-call-server: fatal: lost the database during tools/call';

describe('a local upstream that exits after its handshake', () => {
  it('keeps how its process ended and its last stderr line; nothing once the gateway closed it', async () => {
    const client = await connectUpstream(nodeUpstream(EXIT_ON_CALL_SERVER), { timeoutMs: 20_000, stderr: () => {} });
    await expect(client.request({ method: 'tools/call', params: { name: 'crash', arguments: {} } })).rejects.toThrow('Connection closed');
    expect(upstreamExit(client)).toEqual({ exit: { code: 3, signal: null }, lastStderrLine: LAST_LINE });
    await client.close();
    const stopped = await connectUpstream(nodeUpstream(EXIT_ON_CALL_SERVER), { timeoutMs: 20_000, stderr: () => {} });
    await stopped.close();
    expect(upstreamExit(stopped)).toBeUndefined();
  }, 60_000);

  it('catalog pull: says it exited while it listed its tools, with its last stderr line', async () => {
    const result = await pullCatalog({ mcpServers: { broken: nodeUpstream(EXIT_ON_CALL_SERVER, ['list']) } }, { timeoutMs: 20_000 });
    expect(result.failures).toEqual([
      { server: 'broken', error: 'exited with code 3 while it listed its tools; last line on its stderr: "exit-on-call-server: fatal: lost the database during tools/list"' },
    ]);
  }, 60_000);

  describe('in the gateway', () => {
    const logger = createMemoryLogger();
    let gateway: Gateway;

    beforeAll(async () => {
      gateway = await createGateway({
        config: { mcpServers: { broken: nodeUpstream(EXIT_ON_CALL_SERVER) } },
        logger,
        upstreamStderr: () => {},
        reconnect: { initialMs: 60_000, maxMs: 60_000 },
      });
    });

    afterAll(async () => {
      await gateway?.close();
    });

    it('answers the call -32010 saying it exited with code 3 during it, and logs how, with the last line it read', async () => {
      const error = (await gateway.callTool('mcp__broken__crash', {}).catch((caught: unknown) => caught)) as GatewayCallError;
      expect(error.code).toBe(-32010);
      expect(error.message.replace(/next attempt in \d+ ms/, 'next attempt in N ms')).toBe(
        `upstream server "broken" exited with code 3 during the call to "crash" (state: reconnecting; 1 failed attempt; next attempt in N ms; last error: exited with code 3; last line on its stderr: ${JSON.stringify(LAST_LINE)})`,
      );
      expect(error.data).toMatchObject({ code: 'mcp-upstream-unavailable', server: 'broken', tool: 'crash', state: 'reconnecting' });
      await waitFor(() => logger.lines.some((line) => line.startsWith('warn: upstream "broken": exited')), 5000, 'the warning');
      expect(logger.lines).toContain(`warn: upstream "broken": exited with code 3; last line on its stderr: ${JSON.stringify(LAST_LINE)}; retrying in 60000 ms (attempt 2)`);
      expect(logger.lines.join('\n')).not.toMatch(/Connection closed|the connection closed/);
    }, 30_000);
  });
});
