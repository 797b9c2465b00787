import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { integerFlag, parseArguments } from './parse-arguments.js';

const OPTIONS = {
  catalog: { type: 'string' },
  ranker: { type: 'string', short: 'r' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
} as const;

function failureOf(argv: readonly string[]): string {
  try {
    parseArguments('search', argv, OPTIONS);
  } catch (error) {
    if (isLoadoutError(error)) return `${error.message} [${error.code}]`;
    throw error;
  }
  throw new Error(`parsed ${JSON.stringify(argv)}`);
}

describe('parseArguments', () => {
  it.each([
    [['--catalog', 'x.json', '--limit'], '--limit needs a value (see loadout search --help) [invalid-option]'],
    [['--limit', '3', '--ranker'], '--ranker needs a value (see loadout search --help) [invalid-option]'],
    [['--ranker', '--json', 'q'], '--ranker needs a value (see loadout search --help) [invalid-option]'],
    [['--ranker', 'bm25f', '--json=1', 'q'], '--json takes no value (see loadout search --help) [invalid-option]'],
    [['--json', '--ranker', '-x', 'q'], '--ranker needs a value; one that starts with "-" is written --ranker=-x (see loadout search --help) [invalid-option]'],
    [['-r', '-x', 'q'], '--ranker needs a value; one that starts with "-" is written --ranker=-x (see loadout search --help) [invalid-option]'],
    [['--limit', '--', '-x'], '--limit needs a value (see loadout search --help) [invalid-option]'],
  ])('%j names the option whose value is wrong, and how to write one starting with "-"', (argv, message) => {
    expect(failureOf(argv)).toBe(message);
  });

  it('takes a value starting with "-" written with =, a negative number as a value, and anything after -- as positionals', () => {
    expect(parseArguments('search', ['--ranker=-x', '--limit', '-2', 'q', '--', '--json', '-3'], OPTIONS)).toEqual({
      values: { ranker: '-x', limit: '-2' },
      positionals: ['q', '--json', '-3'],
    });
    expect(parseArguments('search', ['-r', '-1'], OPTIONS).values).toEqual({ ranker: '-1' });
  });

  it('refuses a one-value flag given twice (by name or short form) instead of keeping the last', () => {
    for (const argv of [['--ranker', 'a', '--ranker', 'b'], ['--ranker=a', '-r', 'b'], ['--json', '--json']]) {
      expect(() => parseArguments('search', argv, OPTIONS)).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringMatching(/^--(ranker|json) is given twice; give it once/) }));
    }
  });
});

describe('integerFlag', () => {
  const read = (raw: string): number | string => {
    try {
      return integerFlag({ values: { limit: raw }, positionals: [] }, 'limit', { min: 1, max: 100 })!;
    } catch (error) {
      return isLoadoutError(error) ? error.code : 'thrown';
    }
  };

  it('reads decimal integers in range', () => {
    expect(['1', '42', '+7', '0100', '100'].map(read)).toEqual([1, 42, 7, 100, 100]);
  });

  it('rejects with invalid-option what Number() would read but a user did not mean: hex, exponents, blanks, fractions, out of range', () => {
    for (const raw of ['0x10', '1e1', ' 3', '3 ', '', '2.5', '0b11', '-1', '0', '101', 'Infinity']) expect(read(raw), raw).toBe('invalid-option');
  });
});
