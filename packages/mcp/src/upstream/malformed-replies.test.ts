import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';

// Trial 3420: a malformed reply left its caller waiting for the call timeout, and stray stdout lines went unlogged.
const logger = createMemoryLogger();
let gateway: Gateway;

beforeAll(async () => {
  gateway = await createGateway({
    config: { mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_FAILING_TOOLS: '1' }) } },
    logger,
    upstreamStderr: 'ignore',
    // Far longer than the test: the malformed reply must fail its call at once, not at the timeout.
    callTimeoutMs: 600_000,
  });
}, 60_000);
afterAll(() => gateway.close());

describe('an upstream writing lines that are not JSON-RPC messages', () => {
  it('fails the call a broken reply answers at once with mcp-invalid-result, and warns with its size only', async () => {
    const error = await gateway.callTool('mcp__bad__broken_reply', {}).then(
      () => undefined,
      (reason: unknown) => reason as { code: number; message: string; data: { code: string } },
    );
    expect(error?.data.code).toBe('mcp-invalid-result');
    expect(error?.message).toMatch(/tool "broken_reply" of upstream server "bad" answered with a message of \d+ bytes that is not valid JSON; it was dropped and the connection kept/);
    expect(logger.has('warn', /upstream "bad": dropped a line of \d+ bytes from its stdout that is not JSON; request \d+ it seems to answer fails with mcp-invalid-result/)).toBe(true);
    // The connection is kept: the next call works.
    const answered = await gateway.callTool('mcp__bad__echo_text', { text: 'still here' });
    expect((answered.content[0] as { text: string }).text).toBe('echo: still here');
  });

  it('warns about a stray stdout line, naming the upstream and its size, never its content', async () => {
    const answered = await gateway.callTool('mcp__bad__chatty_stdout', {});
    expect((answered.content[0] as { text: string }).text).toBe('answered after chatter');
    expect(logger.has('warn', /upstream "bad": dropped a line of 40 bytes from its stdout that is not JSON \(stdout is for MCP messages only; a server logs to stderr\)/)).toBe(true);
    expect(logger.lines.some((line) => line.includes('hunter2') || line.includes('DEBUG'))).toBe(false);
  });
});
