import { describe, expect, it } from 'vitest';
import { createLoadoutError, LoadoutError } from './loadout-error.js';

describe('LoadoutError', () => {
  it('carries the error it wraps as cause, and leaves it out of the JSON view', () => {
    const wrapped = new Error('disk gone');
    const error = createLoadoutError('ranker-failed', 'the ranker threw an error (disk gone)', {}, { cause: wrapped });
    expect(error).toBeInstanceOf(LoadoutError);
    expect(error.cause).toBe(wrapped);
    expect(error.toJSON()).toEqual({ code: 'ranker-failed', message: 'the ranker threw an error (disk gone)' });
  });

  it('has no cause when it wraps nothing', () => {
    expect('cause' in createLoadoutError('invalid-option', 'limit must be an integer')).toBe(false);
  });
});
