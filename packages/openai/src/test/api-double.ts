import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the double received. */
export interface DoubleRequest {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The raw body, for size checks. */
  readonly text: string;
  readonly body: Record<string, unknown>;
}

/** A reply: a response's `output` items (wrapped into a response object), or an HTTP error. */
export type DoubleReply = { readonly output: unknown[] } | { readonly status: number; readonly error: Record<string, unknown> };

/** An OpenAI-compatible server on 127.0.0.1 whose "model" is a function of the request. */
export interface ApiDouble {
  /** `http://127.0.0.1:<port>/v1`, for the client's `baseURL`. */
  readonly url: string;
  readonly requests: DoubleRequest[];
  close(): Promise<void>;
}

/**
 * A test double of an OpenAI-compatible API (Node only): starts a double answering `POST …/responses` with a Responses API response
 * (`id` `resp_<n>`, the reply's `output`) and `POST …/chat/completions` with
 * the reply's first output as the choice's message; `model(request, index)`
 * decides the reply. A throw answers 500.
 */
export async function startApiDouble(model: (request: DoubleRequest, index: number) => DoubleReply): Promise<ApiDouble> {
  const requests: DoubleRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    let text = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (text += chunk));
    incoming.on('end', () => {
      const request: DoubleRequest = { path: incoming.url ?? '', headers: incoming.headers, text, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
      requests.push(request);
      const index = requests.length - 1;
      let status = 200;
      let payload: unknown;
      try {
        const reply = model(request, index);
        if ('error' in reply) {
          status = reply.status;
          payload = { error: reply.error };
        } else if (request.path.endsWith('/chat/completions')) {
          const message = reply.output[0] as { tool_calls?: unknown[] } | undefined;
          const finish_reason = Array.isArray(message?.tool_calls) && message.tool_calls.length > 0 ? 'tool_calls' : 'stop';
          payload = { id: `chatcmpl_${index + 1}`, object: 'chat.completion', created: 0, model: request.body['model'], choices: [{ index: 0, finish_reason, message }] };
        } else {
          payload = { id: `resp_${index + 1}`, object: 'response', created_at: 0, status: 'completed', model: request.body['model'], output: reply.output };
        }
      } catch (error) {
        status = 500;
        payload = { error: { message: String(error), type: 'server_error' } };
      }
      outgoing.writeHead(status, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
