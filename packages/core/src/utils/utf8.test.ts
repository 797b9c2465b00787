import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, encodeUtf8 } from './utf8.js';

const fatalDecode = (bytes: Uint8Array): string | undefined => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
};

describe('encodeUtf8 / decodeUtf8', () => {
  it('encode like TextEncoder, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: fc.constantFrom('\ud800', '\udfff', 'a', 'é', '中', '🔍'), maxLength: 10 }), (text, odd) => {
        expect(encodeUtf8(text + odd)).toEqual(new TextEncoder().encode(text + odd));
      }),
      { numRuns: 1_000 },
    );
  });

  it('round-trip every well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(decodeUtf8(encodeUtf8(text))).toBe(text);
      }),
      { numRuns: 1_000 },
    );
    const long = 'ab中🔍'.repeat(5_000);
    expect(decodeUtf8(encodeUtf8(long))).toBe(long);
  });

  it('decode any bytes like a fatal TextDecoder: the same text, or undefined where it throws', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        expect(decodeUtf8(bytes)).toBe(fatalDecode(bytes));
      }),
      { numRuns: 5_000 },
    );
    for (const bad of [[0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xf0, 0x8f, 0xbf, 0xbf]]) {
      expect(decodeUtf8(Uint8Array.from(bad))).toBeUndefined();
    }
    expect(decodeUtf8(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toBe('\ufeffa');
  });
});
