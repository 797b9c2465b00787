import { describe, expect, it } from 'vitest';
import { parseToolQuery } from '@loadout/core';
import { longQueriesWarning } from './eval-long-queries.js';

const queries = (...texts: string[]): { query: string }[] => texts.map((query) => ({ query }));

describe('longQueriesWarning', () => {
  it('says nothing when search would answer every query', () => {
    expect(longQueriesWarning(queries('short', 'x'.repeat(500)))).toBeUndefined();
    expect(longQueriesWarning([])).toBeUndefined();
  });

  it('counts the queries search refuses (query-too-long) and says they are scored anyway', () => {
    const long = 'x'.repeat(501);
    expect(() => parseToolQuery(long)).toThrow(expect.objectContaining({ code: 'query-too-long' }));
    expect(longQueriesWarning(queries(long, 'short', long))).toEqual({
      code: 'query-too-long',
      message: '2 of 3 queries are longer than search and serve accept (500 characters); they are scored here, but a deployment refuses them',
    });
    expect(longQueriesWarning(queries(long, 'short'))?.message).toBe('1 of 2 queries is longer than search and serve accept (500 characters); it is scored here, but a deployment refuses it');
  });

  it('measures as search does: trimmed, in characters (code points), not UTF-16 units', () => {
    // 500 emoji are 1,000 UTF-16 units and 500 characters; padding is trimmed.
    expect(longQueriesWarning(queries('😀'.repeat(500), `  ${'x'.repeat(500)}  `))).toBeUndefined();
    expect(longQueriesWarning(queries('😀'.repeat(501)))?.message).toContain('1 of 1 query is longer');
  });
});
