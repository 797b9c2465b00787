/** What {@link exitWhenWritten} needs of an output stream: Node's `process.stdout` and `process.stderr` have it. */
export interface ExitStream {
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  write(text: string, done: (error?: Error | null) => void): unknown;
  once(event: 'close' | 'error', listener: () => void): unknown;
}

/** The streams {@link exitWhenWritten} waits for, by what their output is worth. */
export interface ExitOutputs {
  /** Written in full before the exit, however long the reader takes: the command's answer (stdout: `--json`, MCP replies). */
  readonly answers: readonly ExitStream[];
  /**
   * Given at most {@link LOG_WAIT_MS} beyond the answers: logs (stderr). A
   * reader that never reads (a pipe nobody drains) does not hold the exit;
   * what it did not take is dropped.
   */
  readonly logs: readonly ExitStream[];
}

/**
 * How long the exit waits for the log streams' last writes, at least
 * (they also have all the time the answers take): 200 ms. A pipe's reader
 * that is alive takes a backlog in a few milliseconds; one that never reads
 * would hold the process forever (decision 3456).
 */
export const LOG_WAIT_MS = 200;

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

/** A timer that holds the process while it runs (the exit is waiting on it). */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Ends the process with `code` once its output is written. The CLI exits
 * explicitly rather than when nothing is left to run: a plug-in module
 * (a ranker or a mod) is imported on the main thread when the config is
 * read, and a timer or a never-settling promise it leaves there would keep
 * the process alive after the command finished (decision 3438). A large
 * `--json` document to a slow pipe is written in full first; a reader that
 * went away (`| head -1`) does not hold the exit, nor does a stderr nobody
 * reads: logs get {@link LOG_WAIT_MS} (decision 3456). `wait` is the timer
 * (injectable for tests).
 */
export async function exitWhenWritten(
  code: number,
  outputs: ExitOutputs = { answers: [process.stdout], logs: [process.stderr] },
  exit: (code: number) => void = (value) => process.exit(value),
  wait: (ms: number) => Promise<void> = sleep,
): Promise<void> {
  const logsWritten = Promise.all(outputs.logs.map(written));
  await Promise.all([...outputs.answers.map(written), Promise.race([logsWritten, wait(LOG_WAIT_MS)])]);
  exit(code);
}
