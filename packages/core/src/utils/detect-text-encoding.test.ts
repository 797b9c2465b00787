import { describe, expect, it } from 'vitest';
import { detectTextEncoding, textEncodingProblem } from './detect-text-encoding.js';

// UTF-16 LE of ASCII text, without Buffer (these tests also run in the browser).
const utf16le = (text: string): Uint8Array => Uint8Array.from({ length: text.length * 2 }, (_, at) => (at % 2 === 0 ? text.charCodeAt(at / 2) : 0));
const utf16be = (text: string): Uint8Array => utf16le(text).map((_, at, bytes) => bytes[at ^ 1]!);

describe('detectTextEncoding', () => {
  it.each([
    ['UTF-8 with a byte-order mark', Uint8Array.of(0xef, 0xbb, 0xbf, 0x7b, 0x7d), 'utf-8'],
    ['UTF-8 of several scripts', new TextEncoder().encode('{"name": "météo 天気 🌧"}'), 'utf-8'],
    ['empty', new Uint8Array(0), 'utf-8'],
    ['UTF-16 LE with a mark', Uint8Array.of(0xff, 0xfe, 0x7b, 0x00), 'utf-16le'],
    ['UTF-16 BE with a mark', Uint8Array.of(0xfe, 0xff, 0x00, 0x7b), 'utf-16be'],
    ['UTF-32 LE with a mark', Uint8Array.of(0xff, 0xfe, 0x00, 0x00), 'utf-32le'],
    ['UTF-32 BE with a mark', Uint8Array.of(0x00, 0x00, 0xfe, 0xff), 'utf-32be'],
    ['UTF-16 LE without a mark', utf16le('[{"name": "a"}]'), 'utf-16le'],
    ['UTF-16 BE without a mark', utf16be('[{"name": "a"}]'), 'utf-16be'],
    ['binary', Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x0d, 0x0a), 'binary'],
    ['Latin-1', Uint8Array.of(0x6d, 0xe9, 0x74, 0xe9, 0x6f), 'invalid-utf-8'],
  ] as const)('%s is %s', (_, bytes, expected) => {
    expect(detectTextEncoding(bytes)).toBe(expected);
  });
});

describe('textEncodingProblem', () => {
  it('is undefined for UTF-8 and names the converting command for UTF-16/32', () => {
    expect(textEncodingProblem('utf-8')).toBeUndefined();
    expect(textEncodingProblem('utf-16le')).toBe('it is UTF-16 LE text; save it as UTF-8 (for example: iconv -f UTF-16LE -t UTF-8)');
    expect(textEncodingProblem('utf-32be')).toContain('iconv -f UTF-32BE -t UTF-8');
  });

  it('says what binary data and legacy encodings are', () => {
    expect(textEncodingProblem('binary')).toBe('it holds binary data (NUL bytes)');
    expect(textEncodingProblem('invalid-utf-8')).toBe('it is not valid UTF-8 (Latin-1 or another legacy encoding?); save it as UTF-8');
  });
});
