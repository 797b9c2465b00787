import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the double received. */
export interface GeminiDoubleRequest {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Record<string, unknown>;
}

/**
 * A reply: the model turn's parts (`generateContent`), the interaction's
 * output steps (`interactions.create`), or an HTTP error with the API's
 * error body.
 */
export type GeminiDoubleReply = { readonly parts: unknown[] } | { readonly steps: unknown[] } | { readonly status: number; readonly message: string };

/** Output steps that call something (the interaction then waits for the client's results). */
const CALL_STEPS = new Set(['function_call', 'tool_search_call']);

/** The API's answer body for a reply that is not an error. */
function answerBody(reply: { readonly parts: unknown[] } | { readonly steps: unknown[] }, index: number): unknown {
  if ('parts' in reply) return { candidates: [{ content: { role: 'model', parts: reply.parts }, finishReason: 'STOP', index: 0 }], modelVersion: 'double' };
  const calls = reply.steps.some((step) => typeof step === 'object' && step !== null && CALL_STEPS.has((step as { type?: string }).type ?? ''));
  return { id: `interaction_${index}`, object: 'interaction', status: calls ? 'requires_action' : 'completed', steps: reply.steps, created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z' };
}

/** A Gemini API on 127.0.0.1 whose "model" is a function of the request. */
export interface GeminiDouble {
  /** For the client's `httpOptions.baseUrl`. */
  readonly url: string;
  readonly requests: GeminiDoubleRequest[];
  close(): Promise<void>;
}

/**
 * A test double of the Gemini API (Node only): answers `POST
 * …/models/<model>:generateContent` with one candidate whose content is the
 * reply's parts (role `model`), and `POST …/interactions` with an
 * interaction whose `steps` are the reply's steps (`status`
 * `requires_action` when a step calls a function or the tool search,
 * else `completed`), or either with the reply's HTTP error in the API's
 * shape (`{ error: { code, message, status } }`). A throw answers 500.
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
          payload = answerBody(reply, requests.length - 1);
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
