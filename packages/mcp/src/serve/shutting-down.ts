import type { ServerResponse } from 'node:http';
import { replyError } from './http-reply.js';

/** JSON-RPC code of a request the gateway did not answer because it shuts down (implementation-defined server error). */
export const SHUTTING_DOWN_CODE = -32000;
/** Seconds a client is told to wait before it retries (`Retry-After`, and `data.retryAfterSeconds`). */
export const SHUTTING_DOWN_RETRY_SECONDS = 1;

/** The JSON-RPC `error` of a request cut off or refused by a gateway shutting down. */
export interface ShuttingDownError {
  readonly code: typeof SHUTTING_DOWN_CODE;
  readonly message: string;
  readonly data: { readonly code: 'gateway-shutting-down'; readonly retryAfterSeconds: number };
}

/**
 * The error every request in flight when shutdown starts is answered with
 * (`inFlight`: its outcome is unknown, a tool call may have run), and every
 * request arriving during shutdown (refused before it ran).
 */
export function shuttingDownError(inFlight: boolean): ShuttingDownError {
  const what = inFlight
    ? 'the request was cut off before its answer (a tool call may or may not have run)'
    : 'the request was not run';
  return {
    code: SHUTTING_DOWN_CODE,
    message: `the gateway is shutting down: ${what}; retry it once the gateway is back or on another replica [gateway-shutting-down]`,
    data: { code: 'gateway-shutting-down', retryAfterSeconds: SHUTTING_DOWN_RETRY_SECONDS },
  };
}

/** Refuses a request that arrived during shutdown: 503, `Retry-After`, `Connection: close` and the JSON-RPC error. */
export function replyShuttingDown(response: ServerResponse, id: string | number | null = null): void {
  const error = shuttingDownError(false);
  replyError(
    response,
    503,
    error.message,
    error.data,
    { 'retry-after': String(SHUTTING_DOWN_RETRY_SECONDS), connection: 'close' },
    error.code,
    id,
  );
}
