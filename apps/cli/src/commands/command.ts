import type { CliContext } from '../io/cli-context.js';

/** One `loadout` sub-command, as its module exports it. */
export interface Command {
  readonly name: string;
  /** The full `--help` text, or a function that builds it (when it lists what loads on demand, such as `plan`'s adapters). */
  readonly help: string | (() => Promise<string>);
  /** Runs the command; resolves to the exit code. Throws LoadoutError for bad input. */
  run(argv: readonly string[], context: CliContext): Promise<number>;
}

/**
 * A sub-command as the dispatcher knows it before loading it: its name and
 * one line for the command list, and `load`, which imports the command's
 * module (and so its dependencies) only when that command runs.
 */
export interface CommandEntry {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** Imports the command's module; called once per run, only for the command that runs. */
  load(): Promise<Command>;
}
