import { describe, expect, it } from 'vitest';
import { queryRepeats } from './repeated-queries.js';

const query = (id: string, text: string, relevant: string[], groups?: string[][]) => ({ id, query: text, relevant, ...(groups === undefined ? {} : { relevantGroups: groups }) });

describe('queryRepeats', () => {
  it('gives one unit per trimmed text and counts lines repeating a text with the same answers', () => {
    const result = queryRepeats([
      query('1', 'send mail', ['mail', 'smtp']),
      query('2', 'read file', ['fs']),
      query('3', ' send mail ', ['smtp', 'mail']),
      query('4', 'send mail', ['mail', 'smtp']),
      // The same text with other answers: one unit with it, but not a repeat.
      query('5', 'read file', ['cat']),
    ]);
    expect(result).toEqual({ units: [0, 1, 0, 0, 1], distinct: 2, repeated: 2, repeatedTexts: 1 });
  });

  it('compares any-of groups as sets, and finds no repeats in distinct queries', () => {
    const groups = queryRepeats([query('1', 'a', ['x', 'y'], [['x', 'y']]), query('2', 'a', ['x', 'y'], [['y', 'x']]), query('3', 'a', ['x', 'y'])]);
    expect(groups.repeated).toBe(1);
    expect(queryRepeats([query('1', 'a', ['x']), query('2', 'b', ['x'])])).toEqual({ units: [0, 1], distinct: 2, repeated: 0, repeatedTexts: 0 });
  });
});
