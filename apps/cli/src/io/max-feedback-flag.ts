import { createLoadoutError } from '@loadout/core';
import type { ParsedArguments } from './parse-arguments.js';
import { integerFlag } from './parse-arguments.js';

/** Default of `--max-feedback`: 64 MiB, the feedback store's own read default. */
export const DEFAULT_MAX_FEEDBACK_BYTES = 64 * 1024 * 1024;
/** Range of `--max-feedback`: 1 KiB to 256 MiB (a larger file is compacted or split, not read whole). */
export const MAX_FEEDBACK_RANGE = { min: 1024, max: 256 * 1024 * 1024 } as const;

/** The `--max-feedback` lines of a command's `--help`. */
export const MAX_FEEDBACK_HELP = `  --max-feedback BYTES
                   largest feedback file read, ${MAX_FEEDBACK_RANGE.min}-${MAX_FEEDBACK_RANGE.max} (default ${DEFAULT_MAX_FEEDBACK_BYTES},
                   64 MiB); a larger one is skipped with feedback-too-large`;

/**
 * Reads `--max-feedback BYTES` (undefined: the default). With `requires`,
 * the flag is `invalid-option` unless that flag is given too (`search` and
 * `eval` read feedback only with `--feedback`).
 */
export function maxFeedbackFlag(parsed: ParsedArguments, requires?: string): number | undefined {
  const bytes = integerFlag(parsed, 'max-feedback', MAX_FEEDBACK_RANGE);
  if (bytes !== undefined && requires !== undefined && parsed.values[requires] === undefined) {
    throw createLoadoutError('invalid-option', `--max-feedback applies to --${requires} only`, { flag: 'max-feedback' });
  }
  return bytes;
}
