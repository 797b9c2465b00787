import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isLoadoutError } from '@loadout/core';
import { decodeWordVectorTable, encodeWordVectorTable } from './table-codec.js';
import type { WordVectorTable } from './word-vector-table.js';

const tableArbitrary = fc.integer({ min: 1, max: 6 }).chain((dimensions) =>
  fc
    .uniqueArray(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((word) => !word.includes('\n')), { maxLength: 12 })
    .chain((words) =>
      fc.record({
        dimensions: fc.constant(dimensions),
        vocabularySize: fc.integer({ min: words.length, max: 1_000_000 }),
        words: fc.constant(words),
        ranks: fc.array(fc.nat(), { minLength: words.length, maxLength: words.length }).map((ranks) => Uint32Array.from(ranks)),
        scales: fc
          .array(fc.float({ min: 0, max: 100, noNaN: true }), { minLength: words.length, maxLength: words.length })
          .map((scales) => Float32Array.from(scales)),
        values: fc
          .array(fc.integer({ min: -127, max: 127 }), { minLength: words.length * dimensions, maxLength: words.length * dimensions })
          .map((values) => Int8Array.from(values)),
      }),
    ),
);

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return isLoadoutError(error) ? error.code : 'not a LoadoutError';
  }
  return undefined;
}

describe('word-vector table codec', () => {
  it('round-trips any table', () => {
    fc.assert(
      fc.property(tableArbitrary, (table: WordVectorTable) => {
        expect(decodeWordVectorTable(encodeWordVectorTable(table))).toEqual(table);
      }),
    );
  });

  it('decodes from an unaligned view of a larger buffer', () => {
    const table: WordVectorTable = {
      dimensions: 2,
      vocabularySize: 10,
      words: ['alpha', 'beta'],
      ranks: Uint32Array.from([0, 7]),
      scales: Float32Array.from([0.5, 0.25]),
      values: Int8Array.from([1, -2, 127, -127]),
    };
    const bytes = encodeWordVectorTable(table);
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 1);
    expect(decodeWordVectorTable(padded.subarray(1, 1 + bytes.length))).toEqual(table);
  });

  it('rejects foreign, truncated and inconsistent bytes with index-corrupt', () => {
    const bytes = encodeWordVectorTable({
      dimensions: 1,
      vocabularySize: 1,
      words: ['a'],
      ranks: Uint32Array.from([0]),
      scales: Float32Array.from([1]),
      values: Int8Array.from([3]),
    });
    expect(codeOf(() => decodeWordVectorTable(new Uint8Array(10)))).toBe('index-corrupt');
    expect(codeOf(() => decodeWordVectorTable(bytes.subarray(0, bytes.length - 1)))).toBe('index-corrupt');
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0;
    expect(codeOf(() => decodeWordVectorTable(wrongMagic))).toBe('index-corrupt');
  });

  it('refuses words with newlines', () => {
    const table: WordVectorTable = {
      dimensions: 1,
      vocabularySize: 1,
      words: ['a\nb'],
      ranks: Uint32Array.from([0]),
      scales: Float32Array.from([1]),
      values: Int8Array.from([3]),
    };
    expect(codeOf(() => encodeWordVectorTable(table))).toBe('invalid-input');
  });
});
