import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { isPlainJsonRpcCall } from './jsonrpc-envelope.js';

// The fast path may only accept what the SDK's schema accepts unchanged.
const cases: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_tools', arguments: { query: 'x' } } },
  { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { progressToken: 7, other: true } } },
  { jsonrpc: '2.0', id: 3, method: 'ping', params: { _meta: { progressToken: 'p' } } },
  { jsonrpc: '2.0', id: 4, method: 'ping', params: { _meta: { progressToken: 1.5 } } },
  { jsonrpc: '2.0', id: 5, method: 'ping', params: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } } },
  { jsonrpc: '2.0', id: 6, method: 'ping', params: { _meta: 'x' } },
  { jsonrpc: '2.0', id: 1.5, method: 'ping' },
  { jsonrpc: '2.0', id: 2 ** 60, method: 'ping' },
  { jsonrpc: '2.0', id: null, method: 'ping' },
  { jsonrpc: '2.0', id: 1, method: 'ping', params: [1, 2] },
  { jsonrpc: '2.0', id: 1, method: 'ping', params: null },
  { jsonrpc: '2.0', id: 1, method: 'ping', extra: true },
  { jsonrpc: '1.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 1, method: 42 },
  { jsonrpc: '2.0', id: 1, result: {} },
  { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'm' } },
  JSON.parse('{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"x":1}}'),
  [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
  'text',
  null,
];

describe('isPlainJsonRpcCall', () => {
  it.each(cases.map((value) => [JSON.stringify(value), value]))('accepts %s only if the SDK schema accepts it unchanged', (_, value) => {
    if (!isPlainJsonRpcCall(value)) return;
    const parsed = JSONRPCMessageSchema.safeParse(value);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(value);
  });

  it('takes the common requests and notifications, leaves the rest to the schema', () => {
    expect(cases.map((value) => isPlainJsonRpcCall(value))).toEqual([
      true, true, true, true, true, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false,
    ]);
  });
});
