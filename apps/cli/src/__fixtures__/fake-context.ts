import type { CliContext } from '../io/cli-context.js';

/** A CliContext that records output, for in-process CLI tests. */
export function fakeContext(options: { stdin?: string; env?: Record<string, string>; cwd?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const context: CliContext = {
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    readStdin: async () => options.stdin ?? '',
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    isTty: false,
  };
  return { context, stdout: () => out.join(''), stderr: () => err.join('') };
}
