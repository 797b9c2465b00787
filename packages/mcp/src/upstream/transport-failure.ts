import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);

function networkCode(error: unknown): boolean {
  for (let current = error, hops = 0; typeof current === 'object' && current !== null && hops < 4; hops++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_'))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when `error` says the connection to an upstream failed (closed,
 * refused, reset, not connected, an HTTP upstream's endpoint failing), the
 * only errors that mark an upstream lost and reconnect it. Anything else
 * thrown around a call (a request or result the gateway could not
 * serialise, a bug) is that caller's error and leaves the upstream alone.
 */
export function isTransportFailure(error: unknown): boolean {
  if (error instanceof SdkError) {
    return error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected || error.code === SdkErrorCode.SendFailed || error.code.startsWith('CLIENT_HTTP');
  }
  if (!(error instanceof Error)) return false;
  if (error.message.startsWith('Streamable HTTP error:') || error.message === 'Not connected') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  return networkCode(error);
}
