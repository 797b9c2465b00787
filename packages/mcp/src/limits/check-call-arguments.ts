import { jsonDepth } from '@loadout/core/utils';
import { argumentsError } from '../upstream/gateway-call-error.js';
import type { GatewayLimits } from './gateway-limits.js';

/**
 * Refuses `arguments` the gateway could not forward safely: nested deeper
 * than `maxArgumentDepth` (-32602 `mcp-arguments-too-deep`) or larger than
 * `maxArgumentBytes` as JSON (-32602 `mcp-arguments-too-large`). It runs
 * before anything is sent, so a bad request is its caller's error and never
 * reaches (or restarts) the upstream.
 */
export function checkCallArguments(args: Record<string, unknown>, toolName: string, limits: GatewayLimits): void {
  const depth = jsonDepth(args, limits.maxArgumentDepth);
  if (depth > limits.maxArgumentDepth) {
    throw argumentsError(
      'mcp-arguments-too-deep',
      `arguments of ${JSON.stringify(toolName)} nest deeper than ${limits.maxArgumentDepth} levels; the call was not sent`,
      { tool: toolName, limit: limits.maxArgumentDepth },
    );
  }
  let bytes: number;
  try {
    bytes = Buffer.byteLength(JSON.stringify(args));
  } catch (error) {
    throw argumentsError('invalid-input', `arguments of ${JSON.stringify(toolName)} are not JSON: ${(error as Error).message}`, {
      tool: toolName,
    });
  }
  if (bytes > limits.maxArgumentBytes) {
    throw argumentsError(
      'mcp-arguments-too-large',
      `arguments of ${JSON.stringify(toolName)} are ${bytes} bytes of JSON, more than ${limits.maxArgumentBytes}; the call was not sent`,
      { tool: toolName, limit: limits.maxArgumentBytes, bytes },
    );
  }
}
