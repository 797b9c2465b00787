import type { CliContext } from './io/cli-context.js';
import type { LoadoutError } from '@loadout/core';
import { allCommands } from './commands/all-commands.js';
import { escapeControlCharacters } from './format/escape-control-characters.js';
import { CLI_VERSION } from './version.js';

function usage(): string {
  const width = Math.max(...allCommands.map((command) => command.name.length));
  return [
    'loadout: tool search for agents with hundreds or thousands of tools.',
    '',
    'Usage:',
    '  loadout <command> [options]',
    '',
    'Commands:',
    ...allCommands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run `loadout <command> --help` for a command\'s options and examples.',
    '',
  ].join('\n');
}

function wantsJson(commandName: string | undefined, argv: readonly string[]): boolean {
  return commandName === 'policy' || argv.includes('--json');
}

/** Same test as core's `isLoadoutError` (a global symbol), without loading core for every run. */
function isLoadoutError(value: unknown): value is LoadoutError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[Symbol.for('loadout.error')] === true;
}

/**
 * Runs the CLI and resolves to its exit code: 0 success, 2 bad input or
 * usage (a LoadoutError; JSON on stdout for JSON commands), 1 an unexpected
 * failure (no stack trace unless LOADOUT_DEBUG=1). A command's module is
 * imported only when that command runs.
 */
export async function runCli(argv: readonly string[], raw: CliContext): Promise<number> {
  // Everything a command prints passes here: no control character from a catalog or an upstream reaches the terminal.
  const context: CliContext = {
    ...raw,
    stdout: (text) => raw.stdout(escapeControlCharacters(text)),
    stderr: (text) => raw.stderr(escapeControlCharacters(text)),
  };
  const [name, ...rest] = argv;
  // `loadout help COMMAND` is `loadout COMMAND --help`; an unknown COMMAND is reported like `loadout COMMAND`.
  const helpTopic = name === 'help' ? rest[0] : undefined;
  if (name === undefined || name === '--help' || name === '-h' || (name === 'help' && helpTopic === undefined)) {
    context.stdout(usage());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    context.stdout(`${CLI_VERSION}\n`);
    return 0;
  }
  const entry = allCommands.find((candidate) => candidate.name === (helpTopic ?? name));
  if (entry !== undefined && helpTopic !== undefined) {
    const { help } = await entry.load();
    context.stdout(typeof help === 'string' ? help : await help());
    return 0;
  }
  if (entry === undefined) {
    const unknown = helpTopic ?? name;
    // Imported only on this error path: --help and --version load no package.
    const { closestName } = await import('./io/closest-name.js');
    // A flag before any command (`loadout --versoin`) is an unknown option, not a command.
    const flag = unknown.startsWith('-');
    const [bare, names] = [unknown.replace(/^-+/, ''), flag ? ['help', 'version'] : allCommands.map((command) => command.name)];
    // A longer word that starts with a command (evaluate, searching) is too far for closestName: it means that command.
    const suggestion = closestName(bare, names) ?? names.find((name) => name.length >= 3 && bare.toLowerCase().startsWith(name));
    const hint = suggestion === undefined ? '' : `; did you mean ${flag ? `--${suggestion}` : suggestion}?`;
    context.stderr(`loadout: unknown ${flag ? 'option' : 'command'} ${JSON.stringify(unknown)}${hint} [invalid-option]\n\n${usage()}`);
    return 2;
  }
  try {
    const command = await entry.load();
    return await command.run(rest, context);
  } catch (error) {
    if (isLoadoutError(error)) {
      if (wantsJson(name, rest)) context.stdout(JSON.stringify({ error: error.toJSON() }) + '\n');
      else context.stderr(`loadout ${name}: ${error.message} [${error.code}]\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (wantsJson(name, rest)) context.stdout(JSON.stringify({ error: { code: 'internal', message } }) + '\n');
    context.stderr(`loadout ${name}: unexpected failure: ${message}\n`);
    if (context.env['LOADOUT_DEBUG'] === '1' && error instanceof Error && error.stack) context.stderr(`${error.stack}\n`);
    return 1;
  }
}
