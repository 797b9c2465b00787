import { describe, expect, it } from 'vitest';
import { GatewayCallError } from '../upstream/gateway-call-error.js';
import { checkCallArguments } from './check-call-arguments.js';
import { DEFAULT_GATEWAY_LIMITS, resolveGatewayLimits } from './gateway-limits.js';

function refusal(args: Record<string, unknown>, limits = DEFAULT_GATEWAY_LIMITS): GatewayCallError {
  try {
    checkCallArguments(args, 'write_file', limits);
  } catch (error) {
    if (error instanceof GatewayCallError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkCallArguments', () => {
  it('passes ordinary arguments', () => {
    expect(() => checkCallArguments({ path: '/tmp/x', content: 'hello', options: { nested: [{ a: 1 }] } }, 'write_file', DEFAULT_GATEWAY_LIMITS)).not.toThrow();
  });

  it('refuses arguments deeper than the limit with -32602 and a stable code, without recursing', () => {
    let deep: unknown = 1;
    for (let index = 0; index < 100_000; index++) deep = [deep];
    const error = refusal({ pad: deep });
    expect(error.code).toBe(-32602);
    expect(error.data).toEqual({ code: 'mcp-arguments-too-deep', tool: 'write_file', limit: 64 });
  });

  it('refuses arguments larger than the limit, naming their size', () => {
    const error = refusal({ content: 'x'.repeat(200) }, resolveGatewayLimits({ maxArgumentBytes: 100 }));
    expect(error.code).toBe(-32602);
    expect(error.data).toMatchObject({ code: 'mcp-arguments-too-large', limit: 100, bytes: 214 });
    expect(error.message).toMatch(/214 bytes of JSON, more than 100; the call was not sent/);
  });

  it('refuses out-of-range limits with invalid-option naming the key', () => {
    for (const value of [0, 2 ** 32, Number.NaN, 1.5]) {
      expect(() => resolveGatewayLimits({ maxArgumentDepth: value })).toThrow(/limits\.maxArgumentDepth must be an integer from 1 to 10,000/);
    }
  });
});
