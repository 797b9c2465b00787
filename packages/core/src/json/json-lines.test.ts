import { describe, expect, it } from 'vitest';
import { jsonLines, stripBom } from './json-lines.js';

describe('jsonLines', () => {
  it('number the non-blank lines from 1, dropping a byte-order mark and keeping a \\r', () => {
    expect(jsonLines('\ufeff{"a": 1}\r\n\n   \n  [2]\n')).toEqual([
      { line: 1, text: '{"a": 1}\r' },
      { line: 4, text: '  [2]' },
    ]);
    expect(jsonLines('')).toEqual([]);
    expect(jsonLines('\n\r\n\t')).toEqual([]);
  });

  it('drop only a leading byte-order mark', () => {
    expect(stripBom('\ufeffa\ufeff')).toBe('a\ufeff');
    expect(stripBom('a')).toBe('a');
  });
});
