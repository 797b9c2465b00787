import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import type { LoadoutError } from '../errors/loadout-error.js';
import { parseToolQuery } from './parse-tool-query.js';

function errorOf(run: () => unknown): LoadoutError {
  try {
    run();
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('parseToolQuery: select', () => {
  it('loads exact names, trimmed, without empties or duplicates, in order', () => {
    expect(parseToolQuery('select:find_symbol,read_file')).toEqual({ kind: 'select', names: ['find_symbol', 'read_file'] });
    expect(parseToolQuery('  SELECT: b , a ,, b,Read_File ')).toEqual({ kind: 'select', names: ['b', 'a', 'Read_File'] });
    expect(parseToolQuery('Select:mcp__github__create_issue')).toEqual({ kind: 'select', names: ['mcp__github__create_issue'] });
  });

  it('rejects a select without names as query-empty', () => {
    expect(errorOf(() => parseToolQuery('select:')).code).toBe('query-empty');
    expect(errorOf(() => parseToolQuery('select: , ,')).code).toBe('query-empty');
  });

  it('treats select without the colon, or later in the text, as keywords', () => {
    expect(parseToolQuery('select a tool')).toEqual({ kind: 'keywords', text: 'select a tool', required: [] });
    expect(parseToolQuery('please select:x')).toMatchObject({ kind: 'keywords', text: 'please select:x' });
  });
});

describe('parseToolQuery: keywords', () => {
  it('keeps a plain query, trimmed', () => {
    expect(parseToolQuery('  find symbol\n')).toEqual({ kind: 'keywords', text: 'find symbol', required: [] });
  });

  it('marks +terms as required, lower-cased, and drops the markers from the text', () => {
    expect(parseToolQuery('+slack send')).toEqual({ kind: 'keywords', text: 'slack send', required: ['slack'] });
    expect(parseToolQuery('send +Slack message +GitHub +slack')).toEqual({
      kind: 'keywords',
      text: 'send Slack message GitHub slack',
      required: ['slack', 'github'],
    });
  });

  it('supports quoted required phrases, closing quote optional', () => {
    expect(parseToolQuery('+"Google  Drive" upload')).toEqual({
      kind: 'keywords',
      text: 'Google  Drive upload',
      required: ['google drive'],
    });
    expect(parseToolQuery('upload to +"google drive')).toEqual({
      kind: 'keywords',
      text: 'upload to google drive',
      required: ['google drive'],
    });
  });

  it('leaves a + that is not at the start of a term alone', () => {
    expect(parseToolQuery('c++ and a + b')).toEqual({ kind: 'keywords', text: 'c++ and a + b', required: [] });
    expect(parseToolQuery('x+y')).toEqual({ kind: 'keywords', text: 'x+y', required: [] });
  });

  it('rejects a query that is blank or only an empty phrase as query-empty', () => {
    for (const text of ['', '   ', '\n\t', '+""']) expect(errorOf(() => parseToolQuery(text)).code).toBe('query-empty');
    // 3447: a lone + (no term after it) searched for "+" and found nothing, while select: said query-empty.
    for (const text of ['+', ' + ', '+ +', '++']) expect(errorOf(() => parseToolQuery(text)).code).toBe('query-empty');
    expect(parseToolQuery('+"" slack')).toEqual({ kind: 'keywords', text: 'slack', required: [] });
  });
});

describe('parseToolQuery: limits and input', () => {
  it('accepts 500 characters and rejects 501 as query-too-long naming both numbers', () => {
    expect(parseToolQuery('a'.repeat(500))).toMatchObject({ kind: 'keywords' });
    const error = errorOf(() => parseToolQuery('a'.repeat(501)));
    expect(error.code).toBe('query-too-long');
    expect(error.message).toMatch(/501 characters.*limit is 500/);
    expect(error.details).toEqual({ length: 501, maxLength: 500 });
  });

  it('counts characters as code points, after trimming', () => {
    expect(parseToolQuery('👍'.repeat(500))).toMatchObject({ kind: 'keywords' });
    expect(parseToolQuery(`   ${'a'.repeat(500)}   `)).toMatchObject({ kind: 'keywords' });
    expect(errorOf(() => parseToolQuery('👍'.repeat(501))).details).toEqual({ length: 501, maxLength: 500 });
  });

  it('honours maxLength and rejects a bad one as invalid-option', () => {
    expect(errorOf(() => parseToolQuery('select:abcdef', { maxLength: 10 })).code).toBe('query-too-long');
    expect(parseToolQuery('abc', { maxLength: 3 })).toMatchObject({ text: 'abc' });
    for (const maxLength of [0, -1, 1.5, Number.NaN]) {
      expect(errorOf(() => parseToolQuery('abc', { maxLength })).code).toBe('invalid-option');
    }
  });

  it('rejects a non-string as invalid-input', () => {
    expect(errorOf(() => parseToolQuery(42 as unknown as string)).code).toBe('invalid-input');
  });
});

const queryText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('+', '"', ',', ' ', '\n', 'select:', 'SELECT:', 'a', 'Z', '👍', '\ud800'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }),
  ),
  maxLength: 40,
});

describe('parseToolQuery: properties', () => {
  it('throws nothing but LoadoutError, whatever the input and limit', () => {
    fc.assert(
      fc.property(fc.oneof(queryText, fc.anything()), fc.option(fc.integer({ min: -2, max: 60 }), { nil: undefined }), (text, maxLength) => {
        try {
          parseToolQuery(text as string, { maxLength });
        } catch (error) {
          expect(isLoadoutError(error)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips select names', () => {
    const name = fc
      .string({ unit: fc.constantFrom('a', 'b', 'Z', '_', '-', ':', '.', ' ', '9', 'é'), minLength: 1, maxLength: 12 })
      .map((value) => value.trim())
      .filter((value) => value !== '');
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 8 }), fc.constantFrom(',', ', ', ' ,'), (names, separator) => {
        expect(parseToolQuery(`select:${names.join(separator)}`)).toEqual({ kind: 'select', names: [...new Set(names)] });
      }),
    );
  });

  it('keeps every required term in the text it returns', () => {
    const collapse = (value: string): string => value.replace(/\s+/g, ' ').toLowerCase();
    fc.assert(
      fc.property(queryText, (text) => {
        let parsed;
        try {
          parsed = parseToolQuery(text);
        } catch {
          return;
        }
        if (parsed.kind !== 'keywords') return;
        expect(parsed.text).toBe(parsed.text.trim());
        expect(parsed.text).not.toBe('');
        for (const term of parsed.required) expect(collapse(parsed.text)).toContain(term);
      }),
      { numRuns: 500 },
    );
  });
});
