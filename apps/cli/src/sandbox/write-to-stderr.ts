import { writeSync } from 'node:fs';

/**
 * Longest wait for a full stderr pipe (its reader is slow, or never reads) to
 * take one write of a plug-in's output, in ms: well within a hook's 1 s and a
 * search's 2 s budgets.
 */
const PIPE_FULL_MS = 100;
const pause = new Int32Array(new SharedArrayBuffer(4));
/** A write gave up on a full pipe: later ones try once, without waiting, until one goes through whole. */
let stalled = false;

/**
 * Writes `text` to file descriptor 2 now, from any thread. A pipe that is
 * full (`EAGAIN`) is retried every millisecond for up to
 * {@link PIPE_FULL_MS}; after that, or on any other error, the rest is
 * dropped, and until a write goes through whole again none waits: a
 * plug-in's log never fails it, nor stalls it for long.
 */
export function writeToStderr(text: string | Uint8Array, encoding: BufferEncoding = 'utf8'): void {
  let bytes = typeof text === 'string' ? Buffer.from(text, encoding) : text;
  const deadline = Date.now() + (stalled ? 0 : PIPE_FULL_MS);
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(2, bytes));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() >= deadline) {
        stalled = true;
        return;
      }
      Atomics.wait(pause, 0, 0, 1);
    }
  }
  stalled = false;
}
