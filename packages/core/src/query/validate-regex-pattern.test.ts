import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { validateRegexPattern } from './validate-regex-pattern.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isLoadoutError(error) ? error.code : 'not a LoadoutError';
  }
  return undefined;
}

describe('validateRegexPattern', () => {
  it('returns a pattern of up to 200 characters unchanged, without compiling it', () => {
    expect(validateRegexPattern('slack.*send')).toBe('slack.*send');
    expect(validateRegexPattern('x'.repeat(200))).toHaveLength(200);
    expect(validateRegexPattern('(unclosed')).toBe('(unclosed');
    expect(validateRegexPattern('')).toBe('');
  });

  it('rejects 201 characters as pattern-too-long naming the length and the limit', () => {
    let caught: unknown;
    try {
      validateRegexPattern('y'.repeat(201));
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('pattern-too-long');
    expect((caught as Error).message).toMatch(/201 characters.*limit is 200/);
  });

  it('honours maxLength, counting code points', () => {
    expect(codeOf(() => validateRegexPattern('abcd', { maxLength: 3 }))).toBe('pattern-too-long');
    expect(validateRegexPattern('👍👍👍', { maxLength: 3 })).toBe('👍👍👍');
    expect(codeOf(() => validateRegexPattern('abc', { maxLength: 0 }))).toBe('invalid-option');
  });

  it('rejects a non-string as invalid-input', () => {
    expect(codeOf(() => validateRegexPattern(undefined as unknown as string))).toBe('invalid-input');
  });
});
