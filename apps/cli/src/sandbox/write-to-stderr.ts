import { writeSync } from 'node:fs';

/** Longest wait for a full stderr pipe to take a plug-in's output, in ms; what it still refuses is dropped. */
const PIPE_FULL_MS = 1_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes `text` to file descriptor 2 now, from any thread. A pipe that is
 * full (its reader is slow: `EAGAIN`) is retried every millisecond for up to
 * {@link PIPE_FULL_MS}; after that, or on any other error, the rest is
 * dropped: a plug-in's log never fails or stalls the plug-in for long.
 */
export function writeToStderr(text: string | Uint8Array, encoding: BufferEncoding = 'utf8'): void {
  let bytes = typeof text === 'string' ? Buffer.from(text, encoding) : text;
  const deadline = Date.now() + PIPE_FULL_MS;
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(2, bytes));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > deadline) return;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
