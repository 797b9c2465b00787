/** What {@link exitWhenWritten} needs of an output stream: Node's `process.stdout` and `process.stderr` have it. */
export interface ExitStream {
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  write(text: string, done: (error?: Error | null) => void): unknown;
  once(event: 'close' | 'error', listener: () => void): unknown;
}

/** Resolves once everything written to `stream` so far has been handed to the OS, or the stream failed or closed (`| head`). */
function written(stream: ExitStream): Promise<void> {
  if (stream.destroyed || stream.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    // An empty write's callback runs after every earlier write's: the output before it is out of the process.
    stream.write('', () => resolve());
    stream.once('close', resolve);
    stream.once('error', resolve);
  });
}

/**
 * Ends the process with `code` once its output is written. The CLI exits
 * explicitly rather than when nothing is left to run: a plug-in module
 * (a ranker or a mod) is imported on the main thread when the config is
 * read, and a timer or a never-settling promise it leaves there would keep
 * the process alive after the command finished (decision 3438). A large
 * `--json` document to a slow pipe is written in full first; a reader that
 * went away (`| head -1`) does not hold the exit.
 */
export async function exitWhenWritten(
  code: number,
  streams: readonly ExitStream[] = [process.stdout, process.stderr],
  exit: (code: number) => void = (value) => process.exit(value),
): Promise<void> {
  await Promise.all(streams.map(written));
  exit(code);
}
