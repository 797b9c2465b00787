import type { LoadoutErrorCode } from '@loadout/core';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';

/** JSON-RPC code of a call to an upstream that is not connected (implementation-defined server error range). */
export const UPSTREAM_UNAVAILABLE_CODE = -32010;
/** JSON-RPC code of a call that timed out (the MCP SDK's `RequestTimeout`). */
export const UPSTREAM_TIMEOUT_CODE = -32001;

/**
 * An error the gateway answers a tool call with. The MCP server sends `code`,
 * `message` and `data` as the JSON-RPC error unchanged (unlike `McpError`,
 * the message carries no `MCP error N:` prefix, which the client adds).
 * `data.code` is a Loadout error code when the gateway made the error.
 */
export class GatewayCallError extends Error {
  readonly code: number;
  readonly data: Readonly<Record<string, unknown>> | undefined;

  constructor(code: number, message: string, data?: Record<string, unknown>) {
    super(message);
    this.name = 'GatewayCallError';
    this.code = code;
    this.data = data;
  }
}

/** A {@link GatewayCallError} whose `data.code` is `loadoutCode`. */
export function gatewayCallError(code: number, loadoutCode: LoadoutErrorCode, message: string, data: Record<string, unknown>): GatewayCallError {
  return new GatewayCallError(code, message, { code: loadoutCode, ...data });
}

/**
 * The -32602 a call whose arguments have the wrong shape is refused with
 * (`search_tools`' or `call_tool`'s input, a tool's `arguments`): the
 * message ends in its code, `… [invalid-input]`, as the search tool's query
 * errors do (`[query-empty]`), so a client that shows only the message
 * still has the code; `data.code` carries it too.
 */
export function argumentsError(loadoutCode: LoadoutErrorCode, message: string, data: Record<string, unknown> = {}): GatewayCallError {
  return gatewayCallError(ProtocolErrorCode.InvalidParams, loadoutCode, `${message} [${loadoutCode}]`, data);
}
