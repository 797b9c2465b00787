import { createLoadoutError } from '@loadout/core';
import './cli-error-codes.js';
import { countOf } from '../format/count-of.js';
import type { CliContext } from './cli-context.js';

/** A warning a command reports: a skipped tool, an ignored setting. */
export interface CommandWarning {
  readonly code: string;
  readonly message: string;
}

/** Warnings printed one by one; the rest are counted on one line (a file of the wrong kind would give one per line). */
const SHOWN_WARNINGS = 10;

/**
 * Prints the first {@link SHOWN_WARNINGS} warnings on stderr as `loadout
 * <command>: warning: <message> [<code>]`, then one line counting the rest
 * with their codes (whatever the output format; `--json` output carries
 * them all). With `strict`, any warning then fails the command with
 * `strict-failed` (exit 2), naming the codes.
 */
export function reportWarnings(command: string, warnings: readonly CommandWarning[], context: CliContext, strict: boolean): void {
  for (const warning of warnings.slice(0, SHOWN_WARNINGS)) context.stderr(`loadout ${command}: warning: ${warning.message} [${warning.code}]\n`);
  if (warnings.length > SHOWN_WARNINGS) {
    const rest = warnings.slice(SHOWN_WARNINGS);
    context.stderr(`loadout ${command}: warning: ${countOf(rest.length, 'more warning')} not shown [${[...new Set(rest.map((warning) => warning.code))].join(', ')}]\n`);
  }
  if (strict && warnings.length > 0) {
    const codes = [...new Set(warnings.map((warning) => warning.code))];
    throw createLoadoutError(
      'strict-failed',
      `--strict: ${countOf(warnings.length, 'warning')} (${codes.join(', ')}); fix them or drop --strict`,
      { warnings: warnings.map(({ code, message }) => ({ code, message })) },
    );
  }
}

/** `--max-tools N`: the most tools a catalog may hold, 1 to 1,000,000 (default the spec's 10,000). */
export const MAX_TOOLS_RANGE = { min: 1, max: 1_000_000 } as const;
