import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { answeringTransport } from './answering-transport.js';

function fakeTransport() {
  const sent: JSONRPCMessage[] = [];
  const inner: Transport = {
    start: async () => {},
    close: async () => {},
    send: async (message) => void sent.push(message),
  };
  return { inner, sent, receive: (message: JSONRPCMessage) => inner.onmessage?.(message) };
}

describe('answeringTransport', () => {
  it('answers the requests still waiting, once, and drops their late replies; answered ones and notifications are left alone', async () => {
    const { inner, sent, receive } = fakeTransport();
    const transport = answeringTransport(inner);
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (message) => void received.push(message);
    receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow' } });
    receive({ jsonrpc: '2.0', id: 2, method: 'ping' });
    receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(received).toHaveLength(3);
    await transport.send({ jsonrpc: '2.0', id: 2, result: {} });
    expect(transport.pendingCount).toBe(1);
    const error = { code: -32000, message: 'shutting down', data: { code: 'gateway-shutting-down' } };
    await transport.answerPending(error);
    await transport.answerPending(error);
    // The server's own reply to the answered request comes too late and is not sent.
    await transport.send({ jsonrpc: '2.0', id: 1, result: { content: [] } });
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 2, result: {} },
      { jsonrpc: '2.0', id: 1, error },
    ]);
    // The id sent again is a new request.
    receive({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(sent).toHaveLength(3);
  });

  // Trial 3468 (#6): a client that pipelines a search behind initialize got list_changed before the initialize reply.
  it('holds whatever the server sends while initialize waits for its reply, and sends it right after, in order', async () => {
    const { inner, sent, receive } = fakeTransport();
    const transport = answeringTransport(inner);
    receive({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    receive({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_tools' } });
    let notified = false;
    const notification = transport.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }).then(() => (notified = true));
    const reply = transport.send({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    await Promise.resolve();
    expect(sent).toEqual([]);
    expect(notified).toBe(false);
    await transport.send({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } });
    await Promise.all([notification, reply]);
    expect(sent.map((message) => ('id' in message ? message.id : (message as { method: string }).method))).toEqual([1, 'notifications/tools/list_changed', 2]);
    // Once answered, nothing is held.
    await transport.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(sent).toHaveLength(4);
  });

  it('drops what was held when a shutdown answers the handshake with its error', async () => {
    const { inner, sent, receive } = fakeTransport();
    const transport = answeringTransport(inner);
    receive({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    const notification = transport.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    const error = { code: -32000, message: 'shutting down' };
    await transport.answerPending(error);
    await notification;
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 1, error }]);
  });
});
