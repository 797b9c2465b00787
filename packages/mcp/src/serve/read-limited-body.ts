import type { IncomingMessage } from 'node:http';

/** What {@link readLimitedBody} read. */
export type LimitedBody = { readonly tooLarge: true } | { readonly tooLarge: false; readonly text: string };

/**
 * Reads a request body of at most `maxBytes`. A declared `Content-Length`
 * over the cap is refused before reading; otherwise reading stops counting
 * as soon as the cap is passed and the rest is discarded, so the caller can
 * still answer 413 on the same connection.
 */
export function readLimitedBody(request: IncomingMessage, maxBytes: number): Promise<LimitedBody> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    request.resume();
    return Promise.resolve({ tooLarge: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > maxBytes) {
        request.off('data', onData);
        request.off('end', onEnd);
        request.resume();
        chunks.length = 0;
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => resolve({ tooLarge: false, text: Buffer.concat(chunks).toString('utf8') });
    request.on('data', onData);
    request.on('end', onEnd);
    request.once('error', reject);
    request.once('close', () => {
      if (!request.complete) reject(Object.assign(new Error('the client closed the connection before the body ended'), { code: 'ECONNRESET' }));
    });
  });
}

const ABORT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ABORT_ERR']);

/** True for the errors a client that hangs up mid-request causes (logged at debug, not error). */
export function isClientAbort(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  return (typeof code === 'string' && ABORT_CODES.has(code)) || name === 'AbortError' || message === 'aborted';
}
