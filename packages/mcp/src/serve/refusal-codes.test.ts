import { describe, expect, it } from 'vitest';
import { refusalCode, withRefusalCode } from './refusal-codes.js';

describe('withRefusalCode', () => {
  it('adds data.code by status to an error without one, keeping data\'s keys', () => {
    expect(JSON.parse(withRefusalCode('{"jsonrpc":"2.0","error":{"code":-32000,"message":"m"},"id":null}', 415))).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'm', data: { code: 'invalid-input' } }, id: null });
    expect(JSON.parse(withRefusalCode('{"jsonrpc":"2.0","error":{"code":-32020,"message":"m","data":{"mismatch":{"header":"x"}}},"id":1}', 400)).error.data).toEqual({ mismatch: { header: 'x' }, code: 'invalid-input' });
  });

  it('leaves a code already there, and anything that is not a JSON-RPC error with object data', () => {
    const coded = '{"error":{"code":-32000,"message":"m","data":{"code":"gateway-forbidden"}}}';
    expect(withRefusalCode(coded, 403)).toBe(coded);
    for (const text of ['not json', '{"result":{}}', '{"error":{"code":1,"message":"m","data":"text"}}', '[1]']) expect(withRefusalCode(text, 400)).toBe(text);
  });

  it('maps statuses: 413 too large, 5xx internal, other 4xx invalid input', () => {
    expect([400, 404, 405, 406, 413, 415, 500, 503].map(refusalCode)).toEqual(['invalid-input', 'invalid-input', 'invalid-input', 'invalid-input', 'mcp-arguments-too-large', 'invalid-input', 'internal', 'internal']);
  });
});
