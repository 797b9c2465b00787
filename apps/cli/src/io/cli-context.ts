/** What a command may touch: its streams and environment, injectable for tests. */
export interface CliContext {
  readonly stdout: (text: string) => void;
  /**
   * The stream behind `stdout`, for a command that hands it to a library
   * (`loadout serve`'s MCP stdio channel); the only way to stdout, since
   * `process.stdout.write` goes to stderr (see `claimStdout`). Default
   * `process.stdout`.
   */
  readonly stdoutStream?: NodeJS.WritableStream;
  readonly stderr: (text: string) => void;
  readonly readStdin: () => Promise<string>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** True when stdout is a terminal (enables progress lines on stderr). */
  readonly isTty: boolean;
}
