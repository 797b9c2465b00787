import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';
import { GatewayCallError } from '../upstream/gateway-call-error.js';

// Issue 34 item 4: a bare tool name two upstreams share is an ambiguity error naming the full
// names, never silently one of them; a name only one upstream has still works bare.
let gateway: Gateway;

beforeAll(async () => {
  gateway = await createGateway({
    config: { mcpServers: { left: nodeUpstream(MISBEHAVING_SERVER), right: nodeUpstream(MISBEHAVING_SERVER) } },
    logger: createMemoryLogger(),
    upstreamStderr: 'ignore',
  });
});

afterAll(async () => {
  await gateway?.close();
});

describe('a bare tool name shared by two upstreams', () => {
  it('is refused with mcp-tool-ambiguous naming both full names; a full name calls that one', async () => {
    const error = await gateway.callTool('echo_text', { text: 'which?' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(GatewayCallError);
    expect(error).toMatchObject({
      code: -32602,
      message: 'tool "echo_text" is ambiguous: 2 servers have it (mcp__left__echo_text, mcp__right__echo_text); call one by its full name',
      data: { code: 'mcp-tool-ambiguous', candidates: ['mcp__left__echo_text', 'mcp__right__echo_text'] },
    });
    expect(gateway.findTool('echo_text')).toBeUndefined();
    const result = await gateway.callTool('mcp__right__echo_text', { text: 'right one' });
    expect(JSON.stringify(result)).toContain('right one');
  });
});
