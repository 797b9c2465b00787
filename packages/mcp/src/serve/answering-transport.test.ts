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
});
