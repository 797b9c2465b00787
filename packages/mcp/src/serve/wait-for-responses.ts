import type { ServerResponse } from 'node:http';

/**
 * Resolves once every response of `responses` (a live set: each removes
 * itself on `close`) has closed, or after `timeoutMs`, whichever is first;
 * the timer does not keep the process alive.
 */
export async function waitForResponses(responses: ReadonlySet<ServerResponse>, timeoutMs: number): Promise<void> {
  if (responses.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref?.();
  });
  const closed = Promise.all(
    [...responses].map((response) => (response.closed ? undefined : new Promise<void>((resolve) => response.once('close', () => resolve())))),
  );
  await Promise.race([closed, late]);
  clearTimeout(timer);
}
