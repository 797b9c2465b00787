import type { ServerResponse } from 'node:http';

/**
 * Answers with a JSON-RPC error body (`{ jsonrpc, error: { code, message, data? }, id }`)
 * and the HTTP `status`; does nothing once headers went out.
 */
export function replyError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
  code = -32000,
  id: string | number | null = null,
  data?: unknown,
): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id }));
}
