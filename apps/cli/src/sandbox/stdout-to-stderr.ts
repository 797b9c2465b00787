// Imported first by a plug-in's worker: what the plug-in prints (console.log, console.error,
// process.stdout/stderr.write) goes to the process's stderr, since its stdout is a command's answer
// (--json) or serve's MCP stdio channel. Written at once to file descriptor 2, not through the main
// thread (Node's worker stdio): a hook runs while the main thread waits for its answer, and the
// command may exit right after, which lost what the worker had printed (decision 3449).
import { writeToStderr } from './write-to-stderr.js';

const write = (chunk: unknown, encoding?: unknown, done?: unknown): boolean => {
  const callback = [encoding, done].find((value): value is (error?: Error | null) => void => typeof value === 'function');
  writeToStderr(typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? chunk : String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined);
  if (callback !== undefined) queueMicrotask(() => callback(null));
  return true;
};
process.stdout.write = write as typeof process.stdout.write;
process.stderr.write = write as typeof process.stderr.write;
