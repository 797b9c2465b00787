import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { integerOption } from '../utils/number-option.js';
import { characterLength } from './length-limit.js';

/** The longest regex-style search pattern accepted by default, in characters (behaviour spec §2). */
export const DEFAULT_MAX_PATTERN_LENGTH = 200;

/** Options of {@link validateRegexPattern}. */
export interface ValidateRegexPatternOptions {
  /** Longest accepted pattern in characters (code points). A positive integer; default 200. */
  maxLength?: number;
}

/**
 * Checks the length of a regex-style search pattern and returns it unchanged.
 * Throws `pattern-too-long` past `maxLength`, `invalid-input` for a
 * non-string, `invalid-option` for a bad `maxLength`. Does not compile the
 * pattern: that is the regex ranker's job (`pattern-invalid`).
 */
export function validateRegexPattern(pattern: string, options: ValidateRegexPatternOptions = {}): string {
  const maxLength = integerOption('validateRegexPattern', 'maxLength', options.maxLength, DEFAULT_MAX_PATTERN_LENGTH, 1);
  if (typeof pattern !== 'string') {
    throw createLoadoutError('invalid-input', `search pattern must be a string, got ${describeValue(pattern)}`, {
      pattern,
    });
  }
  const length = pattern.length > maxLength ? characterLength(pattern) : pattern.length;
  if (length > maxLength) {
    throw createLoadoutError(
      'pattern-too-long',
      `search pattern ${describeValue(pattern, 40)} is ${length} characters long; the limit is ${maxLength}`,
      { length, maxLength },
    );
  }
  return pattern;
}
