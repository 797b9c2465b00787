import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the loopback server received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, e.g. `/v1/messages?beta=true`. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  readonly body: Record<string, unknown>;
}

/** What the server answers one request with. */
export interface LoopbackReply {
  /** Default 200. */
  readonly status?: number;
  readonly body: unknown;
}

/** A Messages API stand-in on 127.0.0.1 that records every request. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, for the client's `baseURL`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 (port 0) answering each request with
 * `respond(request, index)`; a throw answers 500 with the message.
 * `close` may be called more than once.
 */
export async function startLoopbackServer(respond: (request: RecordedRequest, index: number) => LoopbackReply): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      };
      requests.push(request);
      let reply: LoopbackReply;
      try {
        reply = respond(request, requests.length - 1);
      } catch (error) {
        reply = { status: 500, body: { type: 'error', error: { type: 'api_error', message: String(error) } } };
      }
      outgoing.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      outgoing.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
