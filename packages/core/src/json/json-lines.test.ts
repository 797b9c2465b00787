import { describe, expect, it } from 'vitest';
import { jsonLines, stripBom, utf8JsonLines } from './json-lines.js';

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

  it('utf8JsonLines numbers lines as jsonLines does, leaving undefined only a line that is not UTF-8', () => {
    const encode = (text: string): number[] => [...new TextEncoder().encode(text)];
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...encode('{"a": "請"}\r\n\n  \n'), ...encode('{"b": "'), 0xe8, 0xab, 0x0a, ...encode('[2]'), 0x0a, 0xe9, 0x0a]);
    expect(utf8JsonLines(bytes)).toEqual([
      { line: 1, text: '{"a": "請"}\r' },
      { line: 4, text: undefined },
      { line: 5, text: '[2]' },
      { line: 6, text: undefined },
    ]);
    const text = '\ufeff{"a": 1}\r\n\n   \n  [2]\n';
    expect(utf8JsonLines(new TextEncoder().encode(text))).toEqual(jsonLines(text));
    expect(utf8JsonLines(new Uint8Array())).toEqual([]);
  });
});
