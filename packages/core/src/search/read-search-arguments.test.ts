import { describe, expect, it } from 'vitest';
import { readSearchArguments } from './read-search-arguments.js';

const limits = { toolName: 'search_tools', limit: 5, maxLimit: 20, overLimit: 'reject' } as const;

describe('readSearchArguments', () => {
  it('reads a query and an optional limit', () => {
    expect(readSearchArguments({ query: 'send mail' }, limits)).toEqual({ query: 'send mail', limit: 5 });
    expect(readSearchArguments({ query: 'send mail', limit: 3 }, limits)).toEqual({ query: 'send mail', limit: 3 });
    expect(readSearchArguments({ query: 'send mail', limit: null }, limits)).toEqual({ query: 'send mail', limit: 5 });
  });

  it('refuses a key the schema does not have, naming it, instead of ignoring it', () => {
    expect(readSearchArguments({ query: 'golf', limit: 1, ranker: 'bm25f' }, limits)).toEqual({
      message: 'search_tools expects {"query": string, "limit"?: integer}; unknown key "ranker"',
    });
    expect(readSearchArguments({ query: 'golf', a: 1, b: 2, c: 3, d: 4 }, limits)).toEqual({
      message: 'search_tools expects {"query": string, "limit"?: integer}; unknown keys "a", "b", "c", …',
    });
  });

  it('refuses a query that is not a string and a limit out of range', () => {
    expect(readSearchArguments({ query: 42 }, limits)).toEqual({ message: 'search_tools expects {"query": string, "limit"?: integer}; query must be a string, got 42' });
    expect(readSearchArguments({ query: 'a', limit: 21 }, limits)).toEqual({
      message: 'search_tools expects {"query": string, "limit"?: integer}; limit must be an integer from 1 to 20, got 21',
    });
    expect(readSearchArguments({ query: 'a', limit: 21 }, { ...limits, overLimit: 'lower' })).toEqual({ query: 'a', limit: 20 });
  });
});
