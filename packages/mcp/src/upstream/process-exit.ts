import type { ChildProcess } from 'node:child_process';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** Longest stderr line an exit message quotes, in code points; a longer one is cut with `…`. */
export const MAX_QUOTED_STDERR_LENGTH = 200;

/** How a local upstream's process ended: its exit code, or the signal that killed it. */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * How a local upstream's process ended by itself, in the words `loadout
 * serve` logs and `loadout catalog pull` reports: `exited with code 3` (or
 * `was killed by SIGKILL`), then `when` (e.g. ` during the call to "x"`),
 * then, when its stderr was read rather than shared with the gateway's, its
 * last non-empty line, trimmed and cut at {@link MAX_QUOTED_STDERR_LENGTH}
 * code points: `; last line on its stderr: "fatal: API_TOKEN is not set"`.
 */
export function describeProcessExit(exit: ProcessExit, lastStderrLine?: string, when = ''): string {
  const how = exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
  const line = lastStderrLine?.trim() ?? '';
  if (line.length === 0) return `${how}${when}`;
  const points = Array.from(line);
  const quoted = points.length > MAX_QUOTED_STDERR_LENGTH ? `${points.slice(0, MAX_QUOTED_STDERR_LENGTH - 1).join('')}…` : line;
  return `${how}${when}; last line on its stderr: ${JSON.stringify(quoted)}`;
}

/** What {@link watchProcessExit} saw. */
export interface ProcessExitWatch {
  /**
   * How the transport's process ended by itself, once it has: undefined
   * while it runs, when it never started, or when it ended after the
   * transport was asked to close (the gateway stopped it).
   */
  exit(): ProcessExit | undefined;
}

/**
 * Remembers how the process of `transport` ends, from the moment the
 * transport starts it (the SDK's transport has no public hook for that; the
 * transport stays the SDK's own class, which its version negotiation needs),
 * unless `close()` was called first. A command that could not be spawned
 * has no exit: its spawn error stands.
 */
export function watchProcessExit(transport: StdioClientTransport): ProcessExitWatch {
  let exit: ProcessExit | undefined;
  let closing = false;
  const start = transport.start.bind(transport);
  transport.start = () => {
    const started = start();
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    child?.once?.('exit', (code, signal) => void (closing || (exit = { code, signal })));
    return started;
  };
  const close = transport.close.bind(transport);
  transport.close = () => {
    closing = true;
    return close();
  };
  return { exit: () => exit };
}
