import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { parseArguments } from './parse-arguments.js';

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
    expect(parseArguments('search', ['--ranker=-x', '-r', '-1', '--limit', '-2', 'q', '--', '--json', '-3'], OPTIONS)).toEqual({
      values: { ranker: '-1', limit: '-2' },
      positionals: ['q', '--json', '-3'],
    });
  });
});
