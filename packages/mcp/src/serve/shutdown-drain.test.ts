import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createCountingGateway } from '../__fixtures__/counting-gateway.js';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { waitFor } from '../__fixtures__/upstream-servers.js';
import { serveHttp } from './serve-http.js';

/** A raw keep-alive HTTP/1.1 connection: what the server sent, and whether it closed. */
interface RawConnection {
  readonly socket: Socket;
  text(): string;
  readonly closed: Promise<void>;
  isClosed(): boolean;
}

async function open(url: URL): Promise<RawConnection> {
  const socket = connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void ended.then(() => (closed = true));
  return { socket, text: () => received, closed: ended, isClosed: () => closed };
}

function post(url: URL, body: unknown, headers: Record<string, string> = {}): string {
  const text = JSON.stringify(body);
  const lines = Object.entries({
    host: url.host,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `POST ${url.pathname} HTTP/1.1\r\n${lines.join('')}\r\n${text}`;
}

// Trial 3437: at SIGTERM, clients between two calls on a kept-alive connection, and answers that started after
// the shutdown's snapshot of responses, had their connection cut (ECONNRESET, "other side closed", HAProxy 502 SH--).
describe('serveHttp shutdown drain', () => {
  it('answers every request whose headers arrive, on connections kept alive, until the drain ends; then closes idle connections', async () => {
    const logger = createMemoryLogger();
    const { gateway, inFlight } = await createCountingGateway(logger);
    const drains: (() => void)[] = [];
    const served = await serveHttp(gateway, { logger, schedule: (run) => void drains.push(run) });
    const url = new URL(served.url);

    // A session, and a connection kept alive after a health check (idle when shutdown starts, used during it).
    const initialize = await fetch(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
    const sessionId = initialize.headers.get('mcp-session-id')!;
    await initialize.text();
    const idle = await open(url);
    idle.socket.write(`GET /healthz HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`);
    await waitFor(() => idle.text().includes('"status"'), 10_000, 'the health answer');
    const unused = await open(url);
    unused.socket.write(`GET /healthz HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`);
    await waitFor(() => unused.text().includes('"status"'), 10_000, 'the health answer');

    // A call in flight (its SSE answer's headers may already be out).
    const busy = await open(url);
    busy.socket.write(post(url, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'call_tool', arguments: { name: 'mcp__bad__hang_forever', arguments: {} } } }, { 'mcp-session-id': sessionId }));
    await waitFor(() => inFlight() === 1, 30_000, 'the call in flight');

    let stopped = false;
    const closing = served.close().then(() => (stopped = true));
    // The call in flight gets its answer.
    await waitFor(() => busy.text().includes('gateway-shutting-down'), 10_000, 'the answer of the call in flight');
    // A request arriving on a connection that was idle when shutdown started: refused 503, not cut off.
    const before = idle.text().length;
    idle.socket.write(post(url, { jsonrpc: '2.0', id: 7, method: 'ping' }, { 'mcp-session-id': sessionId }));
    await idle.closed;
    const late = idle.text().slice(before);
    expect(late).toMatch(/^HTTP\/1.1 503/);
    expect(late).toMatch(/retry-after: 1\r\n/i);
    expect(late).toMatch(/connection: close\r\n/i);
    expect(late).toMatch(/"code":"gateway-shutting-down"/);

    // Until the drain ends, the connections kept alive stay open for such requests; then they close.
    expect(stopped).toBe(false);
    expect(unused.isClosed()).toBe(false);
    expect(drains).toHaveLength(1);
    drains[0]!();
    await closing;
    await unused.closed;
    await busy.closed;
    expect(logger.lines.filter((line) => /^error/.test(line))).toEqual([]);
  }, 60_000);
});
