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
  });
}
