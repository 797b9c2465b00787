/** What a command may touch: its streams and environment, injectable for tests. */
export interface CliContext {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readStdin: () => Promise<string>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** True when stdout is a terminal (enables progress lines on stderr). */
  readonly isTty: boolean;
}
