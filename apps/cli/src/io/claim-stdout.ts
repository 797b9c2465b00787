/** The two streams {@link claimStdout} works on: Node's `process.stdout` and `process.stderr`. */
type Stream = NodeJS.WritableStream & { write: NodeJS.WritableStream['write'] };

/**
 * Keeps stdout for the CLI's own output: from now on every write to
 * `stdout` (a plug-in module's or config's `console.log`, at its top level or
 * later, or `process.stdout.write`) goes to `stderr`, since stdout is a
 * command's answer (`--json`) or `loadout serve`'s MCP stdio channel. Returns
 * the stream the CLI writes to instead: `stdout` itself, its `write` the one
 * it had (every other property and method is the stream's own).
 */
export function claimStdout<T extends Stream>(stdout: T, stderr: Stream): T {
  const write = stdout.write.bind(stdout);
  stdout.write = stderr.write.bind(stderr) as T['write'];
  return new Proxy(stdout, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
