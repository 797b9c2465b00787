import type { CliContext } from './cli-context.js';
import { writeUntilClosed } from './write-until-closed.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The real process as a {@link CliContext}; `stdout` is the stream its output goes to (see `claimStdout`), default `process.stdout`. */
export function processContext(stdout: NodeJS.WriteStream = process.stdout): CliContext {
  return {
    stdout: writeUntilClosed(stdout),
    stdoutStream: stdout,
    stderr: writeUntilClosed(process.stderr),
    readStdin: () => readAll(process.stdin),
    env: process.env,
    cwd: process.cwd(),
    isTty: Boolean(stdout.isTTY),
  };
}
