import { describe, expect, it } from 'vitest';
import { integerOption, numberOption } from './number-option.js';

describe('integerOption', () => {
  it('returns the fallback for undefined (also undefined) and integers within the bounds', () => {
    expect(integerOption('owner', 'size', undefined, 7, 1, 10)).toBe(7);
    expect(integerOption('owner', 'size', undefined, undefined, 1, 10)).toBeUndefined();
    expect([1, 5, 10].map((value) => integerOption('owner', 'size', value, 7, 1, 10))).toEqual([1, 5, 10]);
    expect(integerOption('owner', 'size', 2 ** 40, 7, 1)).toBe(2 ** 40);
  });

  it.each([0, 11, 2.5, Number.NaN, Infinity, '5', null, true])('throws invalid-option for %s, naming owner, option and value', (value) => {
    const message = expect.stringMatching(/^owner: size must be an integer from 1 to 10 \(got .+\)$/);
    expect(() => integerOption('owner', 'size', value, 7, 1, 10)).toThrow(expect.objectContaining({ code: 'invalid-option', details: { option: 'size', value }, message }));
  });

  it('writes large bounds with thousands grouped, and no upper bound as ≥', () => {
    expect(() => integerOption('owner', 'size', 0, 7, 1, 86_400_000)).toThrow('owner: size must be an integer from 1 to 86,400,000 (got 0)');
    expect(() => integerOption('owner', 'size', 0, 7, 1)).toThrow('owner: size must be an integer ≥ 1 (got 0)');
    expect(() => integerOption('owner', 'size', 2 ** 53, 7, 1)).toThrow('owner: size must be an integer ≥ 1 (got 9007199254740992)');
    expect(() => integerOption('owner', 'size', 'a', 7, 1)).toThrow('(got "a")');
  });
});

describe('numberOption', () => {
  it('takes finite numbers within the bounds, else throws invalid-option', () => {
    expect(numberOption('owner', 'weight', undefined, 0.5, 0, 1)).toBe(0.5);
    expect(numberOption('owner', 'weight', 0.25, 0.5, 0, 1)).toBe(0.25);
    expect(numberOption('owner', 'weight', 1e9, 0.5, 0)).toBe(1e9);
    expect(() => numberOption('owner', 'weight', 1.5, 0.5, 0, 1)).toThrow('owner: weight must be a number from 0 to 1 (got 1.5)');
    expect(() => numberOption('owner', 'weight', -1, 0.5, 0)).toThrow('owner: weight must be a number ≥ 0 (got -1)');
    expect(() => numberOption('owner', 'weight', Infinity, 0.5, 0)).toThrow('(got Infinity)');
    expect(() => numberOption('owner', 'weight', Number.NaN, 0.5, 0, 1)).toThrow('(got NaN)');
  });
});
