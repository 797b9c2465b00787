import type { CliContext } from '../io/cli-context.js';

/** One `loadout` sub-command. */
export interface Command {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The full `--help` text. */
  readonly help: string;
  /** Runs the command; resolves to the exit code. Throws LoadoutError for bad input. */
  run(argv: readonly string[], context: CliContext): Promise<number>;
}
