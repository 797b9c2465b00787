import { idOf } from './jsonrpc-envelope.js';
import { shuttingDownError, SHUTTING_DOWN_RETRY_SECONDS } from './shutting-down.js';

/** The fetch face of an MCP HTTP handler (what `toNodeHandler` takes). */
export interface FetchHandler<Options> {
  fetch(request: Request, options?: Options): Promise<Response>;
}

/** A fetch handler whose requests in flight are answered when shutdown starts; see {@link answerOnShutdown}. */
export interface ShutdownAnsweringHandler<Options> extends FetchHandler<Options> {
  /** Answers every request in flight with the `gateway-shutting-down` error (once; later calls do nothing). */
  shutDown(): void;
}

function errorMessage(id: string | number | null): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: shuttingDownError(true) });
}

/** Whether an SSE chunk carries a JSON-RPC response (a result or an error), not only notifications. */
function carriesResponse(text: string): boolean {
  return text.includes('"result":') || text.includes('"error":');
}

/**
 * An SSE body that ends with the error event when `stopped` settles before
 * it ends: a stateless answer that streams notifications before its result
 * still gets a reply (and one that already carried its reply gets no second).
 */
function endingWithError(body: ReadableStream<Uint8Array>, stopped: Promise<void>, id: string | number | null): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let answered = false;
  const stop = stopped.then(() => 'stopped' as const);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await Promise.race([reader.read(), stop]);
      if (next === 'stopped') {
        if (!answered) controller.enqueue(encoder.encode(`event: message\ndata: ${errorMessage(id)}\n\n`));
        controller.close();
        void reader.cancel().catch(() => {});
        return;
      }
      if (next.done) return controller.close();
      answered ||= carriesResponse(decoder.decode(next.value, { stream: true }));
      controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * Wraps a stateless MCP handler so that, at {@link ShutdownAnsweringHandler.shutDown},
 * every request without its answer yet gets the JSON-RPC
 * `gateway-shutting-down` error (its own id; HTTP 200, an answer in band), and every SSE answer still
 * streaming gets that error as its last event, instead of the handler's
 * empty 499 or a stream ended without a reply. Answers already complete
 * pass unchanged.
 */
export function answerOnShutdown<Options extends { readonly parsedBody?: unknown }>(handler: FetchHandler<Options>): ShutdownAnsweringHandler<Options> {
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  return {
    async fetch(request, options) {
      const id = idOf(options?.parsedBody);
      const cutOff = stopped.then(
        () =>
          // 200: the request was taken, and this is its answer, in band (clients read a JSON-RPC error only so).
          new Response(errorMessage(id), {
            status: 200,
            headers: { 'content-type': 'application/json', 'retry-after': String(SHUTTING_DOWN_RETRY_SECONDS), connection: 'close' },
          }),
      );
      const response = await Promise.race([handler.fetch(request, options), cutOff]);
      const streaming = response.body !== null && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
      if (!streaming) return response;
      return new Response(endingWithError(response.body!, stopped, id), { status: response.status, headers: response.headers });
    },
    shutDown() {
      stop();
    },
  };
}
