import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { openRawSession, toolCallText } from '../__fixtures__/raw-mcp-http.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';

// Issue 34 item 4: a second request with an id already in flight in its session is refused
// (-32600) and the first keeps its stream; before, the first never got an answer and the session
// stayed busy forever, so ten such sessions made every newcomer get 503.
const logger = createMemoryLogger();
let gateway: Gateway;
let server: HttpGatewayServer;

beforeAll(async () => {
  // A short call timeout: hang_forever then answers with a timeout error on the first request's stream.
  gateway = await createGateway({ config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore', callTimeoutMs: 400, circuitBreaker: { failures: 100 } });
  server = await serveHttp(gateway, { logger, closeGateway: false, maxSessions: 10, sessionGraceMs: 0 });
});

afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

describe('duplicate request ids in one session', () => {
  it('refuses the second with -32600 naming the id; the first gets its answer; ten such sessions leave a newcomer served', async () => {
    const sessions = await Promise.all(Array.from({ length: 10 }, () => openRawSession(server.url)));
    const outcomes = await Promise.all(
      sessions.map(async (session) => {
        const first = session.post(toolCallText(7, 'call_tool', '{"name":"mcp__tools__hang_forever"}'));
        // The duplicate goes out while the first is in flight (it hangs until the call timeout).
        await new Promise((resolve) => setTimeout(resolve, 50));
        const second = await session.post(toolCallText(7, 'call_tool', '{"name":"mcp__tools__echo_text","arguments":{"text":"hi"}}'));
        return { first: await first, second };
      }),
    );
    for (const { first, second } of outcomes) {
      expect(second.status).toBe(400);
      expect(second.messages[0]).toMatchObject({ id: 7, error: { code: -32600, message: expect.stringMatching(/request id 7 is already in flight in this session/) } });
      expect(first.status).toBe(200);
      expect(first.messages).toHaveLength(1);
      expect(first.messages[0]).toMatchObject({ id: 7, error: { code: -32001 } });
    }
    // A batch repeating an id is refused whole, before anything runs.
    const batch = await sessions[0]!.post(`[${toolCallText(8, 'search_tools', '{"query":"echo"}')},${toolCallText(8, 'search_tools', '{"query":"echo"}')}]`);
    expect(batch.messages[0]).toMatchObject({ id: 8, error: { code: -32600 } });
    // No session was left busy: at the cap of 10, a newcomer evicts one and is served.
    const late = await openRawSession(server.url);
    const echoed = await late.post(toolCallText(1, 'call_tool', '{"name":"mcp__tools__echo_text","arguments":{"text":"still served"}}'));
    expect(JSON.stringify(echoed.messages[0])).toContain("still served");
  }, 30_000);
});
