import { describe, expect, it } from 'vitest';
import { queryRepeats } from '@loadout/eval';
import { repeatedQueriesWarning } from './eval-repeated-queries.js';

const line = (id: string, query: string, relevant: string[]) => ({ id, query, relevant });

describe('repeatedQueriesWarning', () => {
  it('counts the lines repeating an earlier query and answers, and the texts they repeat', () => {
    const queries = [line('1', 'send mail', ['mail']), line('2', 'send mail', ['mail']), line('3', 'send mail', ['mail']), line('4', 'read file', ['fs']), line('5', 'read file', ['fs']), line('6', 'list repos', ['gh'])];
    expect(repeatedQueriesWarning(queryRepeats(queries), queries.length)).toEqual({
      code: 'eval-repeated-queries',
      message:
        "3 of 6 labelled lines repeat an earlier line's query and answers (2 query texts listed more than once; 3 distinct): each text counts once in the intervals and the recommendation, as copies are not new evidence; the means still count every line",
    });
  });

  it('says nothing without repeats, and one repeat in the singular', () => {
    expect(repeatedQueriesWarning(queryRepeats([line('1', 'a', ['x']), line('2', 'b', ['x'])]), 2)).toBeUndefined();
    expect(repeatedQueriesWarning(queryRepeats([line('1', 'a', ['x']), line('2', 'a', ['x'])]), 2)?.message).toMatch(/^1 of 2 labelled line repeats .* \(1 query text listed more than once; 1 distinct\)/);
  });
});
