import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { rawRefusal, type RefusalData } from './http-reply.js';

/** What Node's HTTP server refuses before the gateway sees a request: status, reason phrase, message and `data`. */
export interface ClientErrorRefusal {
  readonly status: number;
  readonly reason: string;
  readonly message: string;
  readonly data: RefusalData;
}

/**
 * The answer to an error Node's HTTP server reports as `clientError`, by
 * its code: headers or the whole request slower than their deadlines 408
 * `gateway-request-timeout`; headers over Node's 16 KiB 431, chunk
 * extensions over their cap 413, anything else the parser refuses 400, all
 * `invalid-input`. Node's own answers to these carry no body (3442).
 */
export function clientErrorRefusal(code: string | undefined, timeouts: { readonly headersMs: number; readonly requestMs: number }): ClientErrorRefusal {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        message: `the request was not received in time (headers within ${timeouts.headersMs} ms, the whole request within ${timeouts.requestMs} ms); it was not run`,
        data: { code: 'gateway-request-timeout' },
      };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'Request Header Fields Too Large', message: 'the request headers are too large', data: { code: 'invalid-input' } };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, reason: 'Payload Too Large', message: 'the request chunk extensions are too large', data: { code: 'invalid-input' } };
    default:
      return { status: 400, reason: 'Bad Request', message: 'Bad Request: the request is not valid HTTP', data: { code: 'invalid-input' } };
  }
}

/**
 * Answers what Node's HTTP server refuses itself (see {@link clientErrorRefusal})
 * as the gateway's other refusals: a JSON-RPC error body with `data.code`,
 * then the connection closes. Like Node's default, it writes only when the
 * socket is writable and the response in flight on it, if any, has sent
 * nothing yet.
 */
export function answerClientErrors(server: Server, timeouts: { readonly headersMs: number; readonly requestMs: number }): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own check: the response in flight on this socket (a private field it has kept since 0.x).
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && (inFlight === undefined || inFlight === null || !inFlight.headersSent)) {
      const refusal = clientErrorRefusal(error.code, timeouts);
      socket.write(rawRefusal(refusal.status, refusal.reason, refusal.message, refusal.data));
    }
    socket.destroy(error);
  });
}
