import { spawn, type ChildProcess } from 'node:child_process';

/** A built `loadout serve --http` the test started, once it said it serves (or exited first). */
export interface ServingCli {
  readonly child: ChildProcess;
  /** Its stderr so far. */
  readonly stderr: () => string;
  /** Its exit code, once it exited. */
  readonly exited: Promise<number | null>;
}

/**
 * Spawns the built CLI `main` with `args` (a `serve --http` command) in
 * `cwd` and resolves once it logged that it serves over HTTP, or exited
 * before (the caller's expectation on `stderr()` then fails at once).
 */
export async function startServing(main: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<ServingCli> {
  const child = spawn(process.execPath, [main, ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stderr = '';
  await new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('serving MCP over streamable HTTP')) resolve();
    });
  });
  return { child, stderr: () => stderr, exited };
}
