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

/**
 * The same answer as raw HTTP/1.1 text, for a socket that has no response
 * object (refused at accept, or refused by Node's HTTP parser): the
 * JSON-RPC error body, `content-type`, `content-length` and
 * `connection: close`, the caller closes the socket after it.
 */
export function rawRefusal(status: number, reason: string, message: string, data: RefusalData, headers: Readonly<Record<string, string>> = {}): string {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message, data }, id: null });
  const lines = Object.entries({ 'content-type': 'application/json', ...headers, connection: 'close', 'content-length': String(Buffer.byteLength(body)) });
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`;
}
