import { describeKind } from '@loadout/core';
import { argumentsError } from '../upstream/gateway-call-error.js';

/**
 * The `arguments` of a call of `toolName` as an object (`{}` when absent).
 * Anything else (an array, a string, `null`) throws a `GatewayCallError`
 * -32602 with `data.code` `invalid-input`, worded as the gateway's other
 * argument errors: `arguments of "mcp__github__create_issue" must be an
 * object, got an array`. Only the kind of the value is named, never the
 * value (it may hold anything the model wrote).
 */
export function readCallArguments(value: unknown, toolName: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw argumentsError('invalid-input', `arguments of ${JSON.stringify(toolName)} must be an object, got ${describeKind(value)}`, {
      tool: toolName,
    });
  }
  return value as Record<string, unknown>;
}
