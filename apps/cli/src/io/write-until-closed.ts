/**
 * Writes text to `stream` until its reader goes away (`loadout eval … | head
 * -3`, `2>&1 | head -1`): on EPIPE nobody wants the rest of that output, so
 * later writes are dropped, but the command still finishes its work (a
 * learned decision, a report file) and exits with its own code. Any other
 * stream error is rethrown.
 */
export function writeUntilClosed(stream: NodeJS.WritableStream): (text: string) => void {
  let open = true;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    open = false;
  });
  return (text) => {
    if (open) stream.write(text);
  };
}
