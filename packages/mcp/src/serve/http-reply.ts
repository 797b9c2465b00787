import type { ServerResponse } from 'node:http';
import type { LoadoutErrorCode } from '@loadout/core';

/** The `data` of an HTTP refusal: always a stable `code` (3439, 3442), sometimes more (`limit`, `retryAfterSeconds`). */
export interface RefusalData {
  readonly code: LoadoutErrorCode;
  readonly [key: string]: unknown;
}

/**
 * Answers with a JSON-RPC error body (`{ jsonrpc, error: { code, message, data }, id }`)
 * and the HTTP `status`; does nothing once headers went out. `data.code` is
 * required: every refusal carries a stable code.
 */
export function replyError(
  response: ServerResponse,
  status: number,
  message: string,
  data: RefusalData,
  headers: Readonly<Record<string, string>> = {},
  code = -32000,
  id: string | number | null = null,
): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message, data }, id }));
}
