import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { tokenizeIdentifiers } from './tokenize-identifiers.js';

describe('tokenizeIdentifiers', () => {
  it('splits snake, kebab, dotted and slashed identifiers', () => {
    expect(tokenizeIdentifiers('create_issue')).toEqual(['create', 'issue']);
    expect(tokenizeIdentifiers('list-pull-requests')).toEqual(['list', 'pull', 'requests']);
    expect(tokenizeIdentifiers('files.read/all')).toEqual(['files', 'read', 'all']);
    expect(tokenizeIdentifiers('mcp__github__get_me')).toEqual(['mcp', 'github', 'get', 'me']);
  });

  it('splits camelCase and acronyms and lower-cases', () => {
    expect(tokenizeIdentifiers('createIssue')).toEqual(['create', 'issue']);
    expect(tokenizeIdentifiers('HTTPServerError')).toEqual(['http', 'server', 'error']);
    expect(tokenizeIdentifiers('getV2Data')).toEqual(['get', 'v2', 'data']);
  });

  it('treats spaces and punctuation of prose as separators', () => {
    expect(tokenizeIdentifiers('Send a message, then (maybe) wait!')).toEqual(['send', 'a', 'message', 'then', 'maybe', 'wait']);
    expect(tokenizeIdentifiers('')).toEqual([]);
    expect(tokenizeIdentifiers(' _-_ ')).toEqual([]);
  });

  it('keeps letters of other scripts, reading Han as character pairs', () => {
    expect(tokenizeIdentifiers('Café 天气查询')).toEqual(['café', '天气', '气查', '查询']);
  });

  it('returns only non-empty lower-case tokens of letters, marks and digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        for (const token of tokenizeIdentifiers(text)) {
          expect(token.length).toBeGreaterThan(0);
          expect(token).toBe(token.toLowerCase());
          expect(/^[\p{L}\p{M}\p{N}]+$/u.test(token)).toBe(true);
        }
      }),
    );
  });
});
