import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepArgumentsText, toolCallText } from '../__fixtures__/raw-mcp-http.js';
import { GATEWAY_STDIO_ENTRY, nodeTypescriptArgs } from '../__fixtures__/spawn-typescript.js';
import { MISBEHAVING_SERVER, nodeUpstream, temporaryFolder } from '../__fixtures__/upstream-servers.js';

// The gateway as its own stdio process, spoken to in raw JSON-RPC lines: a
// client can write arguments nested 20,000 levels even though no JSON library
// would serialise them.
type Message = { id?: number; result?: { content?: { text: string }[] }; error?: { code: number; message: string; data?: Record<string, unknown> } };
const folder = temporaryFolder('stdio-hostile');
let gatewayProcess: ChildProcessWithoutNullStreams;
const waiting = new Map<number, (message: Message) => void>();

function send(line: string, id?: number): Promise<Message> | undefined {
  gatewayProcess.stdin.write(`${line}\n`);
  return id === undefined ? undefined : new Promise((resolve) => waiting.set(id, resolve));
}

async function callText(id: number, name: string, args: string): Promise<string> {
  const reply = await send(toolCallText(id, name, args), id)!;
  return reply.result?.content?.[0]?.text ?? JSON.stringify(reply.error);
}

beforeAll(async () => {
  const configPath = join(folder.path, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER) } }));
  gatewayProcess = spawn(process.execPath, [...nodeTypescriptArgs(), GATEWAY_STDIO_ENTRY, configPath], { stdio: 'pipe' });
  let pending = '';
  gatewayProcess.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const message = JSON.parse(line) as Message;
      if (typeof message.id === 'number') waiting.get(message.id)?.(message);
    }
  });
  gatewayProcess.stderr.resume();
  await send(
    JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    0,
  );
  send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
}, 30_000);

afterAll(() => {
  gatewayProcess?.stdin.end();
  folder.remove();
});

describe('gateway over stdio under hostile input', () => {
  it('refuses 20,000-level arguments to a listed tool and through call_tool; the upstream keeps its PID and answers', async () => {
    const pid = await callText(1, 'call_tool', '{"name":"mcp__bad__report_pid"}');
    expect(pid).toMatch(/^\d+$/);
    const deep = deepArgumentsText(20_000);
    for (const [id, name, args] of [
      [2, 'mcp__bad__echo_text', deep],
      [3, 'call_tool', `{"name":"mcp__bad__echo_text","arguments":${deep}}`],
    ] as const) {
      const reply = await send(toolCallText(id, name, args), id)!;
      expect(reply.error).toMatchObject({ code: -32602, data: { code: 'mcp-arguments-too-deep' } });
    }
    expect(await callText(4, 'call_tool', '{"name":"mcp__bad__report_pid"}')).toBe(pid);
    expect(await callText(5, 'mcp__bad__echo_text', '{"text":"still here"}')).toBe('echo: still here');
  }, 20_000);
});
