import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the double received. */
export interface GeminiDoubleRequest {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Record<string, unknown>;
}

/** A reply: the model turn's parts, or an HTTP error with the API's error body. */
export type GeminiDoubleReply = { readonly parts: unknown[] } | { readonly status: number; readonly message: string };

/** A Gemini API on 127.0.0.1 whose "model" is a function of the request. */
export interface GeminiDouble {
  /** For the client's `httpOptions.baseUrl`. */
  readonly url: string;
  readonly requests: GeminiDoubleRequest[];
  close(): Promise<void>;
}

/**
 * A test double of the Gemini API (Node only): answers `POST
 * …/models/<model>:generateContent` with one candidate whose content
 * is the reply's parts (role `model`), or with the reply's HTTP error in the
 * API's shape (`{ error: { code, message, status } }`). A throw answers 500.
 */
export async function startGeminiDouble(model: (request: GeminiDoubleRequest, index: number) => GeminiDoubleReply): Promise<GeminiDouble> {
  const requests: GeminiDoubleRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    let text = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (text += chunk));
    incoming.on('end', () => {
      const request: GeminiDoubleRequest = { path: incoming.url ?? '', headers: incoming.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
      requests.push(request);
      let status = 200;
      let payload: unknown;
      try {
        const reply = model(request, requests.length - 1);
        if ('status' in reply) {
          status = reply.status;
          payload = { error: { code: reply.status, message: reply.message, status: 'INVALID_ARGUMENT' } };
        } else {
          payload = { candidates: [{ content: { role: 'model', parts: reply.parts }, finishReason: 'STOP', index: 0 }], modelVersion: 'double' };
        }
      } catch (error) {
        status = 500;
        payload = { error: { code: 500, message: String(error), status: 'INTERNAL' } };
      }
      outgoing.writeHead(status, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
