import { isRecord } from '@loadout/core/utils';
import type { LoadoutErrorCode } from '@loadout/core';
import type { FetchHandler } from './answer-on-shutdown.js';

/** The `data.code` of an HTTP refusal by its status, when whoever answered gave none: 413 too large, 5xx internal, other 4xx invalid input. */
export function refusalCode(status: number): LoadoutErrorCode {
  if (status === 413) return 'mcp-arguments-too-large';
  return status >= 500 ? 'internal' : 'invalid-input';
}

/**
 * `text` (a JSON-RPC error body of HTTP `status`) with `error.data.code` set
 * to {@link refusalCode} when it has none; `data` that is an object keeps
 * its keys. Any other text (not JSON, no `error`, `data` that is no object)
 * is returned unchanged.
 */
export function withRefusalCode(text: string, status: number): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isRecord(body) || !isRecord(body['error'])) return text;
  const data = body['error']['data'];
  if (data !== undefined && !isRecord(data)) return text;
  if (typeof data?.['code'] === 'string') return text;
  return JSON.stringify({ ...body, error: { ...body['error'], data: { ...data, code: refusalCode(status) } } });
}

/**
 * The MCP SDK's stateless handler with a `data.code` on each of its HTTP
 * refusals (a JSON answer with status 400 and up: 415, a header that
 * disagrees with the body -32020, …), as the gateway's own refusals carry
 * one (3442). Other answers pass unchanged and unread.
 */
export function withRefusalCodes<Options>(handler: FetchHandler<Options>): FetchHandler<Options> {
  return {
    async fetch(request, options) {
      const response = await handler.fetch(request, options);
      if (response.status < 400 || !(response.headers.get('content-type') ?? '').startsWith('application/json')) return response;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(withRefusalCode(await response.text(), response.status), { status: response.status, statusText: response.statusText, headers });
    },
  };
}
