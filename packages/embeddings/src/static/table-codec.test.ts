import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isLoadoutError } from '@loadout/core';
import { sealFrame } from '@loadout/core/utils';
import { damageOutcome, resealFrame, undetectedBitFlips } from '@loadout/core/test';
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

  const small: WordVectorTable = {
    dimensions: 3,
    vocabularySize: 40,
    words: ['alpha', 'beta', 'gamma'],
    ranks: Uint32Array.from([0, 7, 39]),
    scales: Float32Array.from([0.5, 0.25, 1]),
    values: Int8Array.from([1, -2, 3, 127, -127, 0, 5, 6, 7]),
  };

  it('detects every flipped bit at every byte position of a small table', () => {
    const bytes = encodeWordVectorTable(small);
    expect(bytes.length).toBeLessThan(120);
    expect(undetectedBitFlips(bytes, decodeWordVectorTable)).toEqual([]);
  });

  /** The table's bytes with the u32 at payload offset `at` (after the 8-byte frame header) set, checksum rewritten. */
  const crafted = (at: number, value: number, float = false): Uint8Array => {
    const bytes = encodeWordVectorTable(small);
    const view = new DataView(bytes.buffer);
    if (float) view.setFloat32(8 + at, value, true);
    else view.setUint32(8 + at, value >>> 0, true);
    return resealFrame(bytes);
  };

  it.each([
    ['zero dimensions', crafted(0, 0)],
    ['2^32 - 1 dimensions', crafted(0, 0xffffffff)],
    ['a huge row count', crafted(4, 0xfffffff0)],
    ['a "negative" row count', crafted(4, -1)],
    ['a vocabulary smaller than the rows', crafted(8, 1)],
    ['a huge word-byte length', crafted(12, 0x7fffffff)],
    ['a NaN scale', crafted(16 + 12, Number.NaN, true)],
    ['an infinite scale', crafted(16 + 12 + 4, Number.POSITIVE_INFINITY, true)],
    ['a negative scale', crafted(16 + 12, -1, true)],
  ])('refuses a checksummed table with %s as index-corrupt', (_, bytes) => {
    expect(damageOutcome(() => decodeWordVectorTable(bytes))).toBe('index-corrupt');
  });

  it('refuses a version-1 table (no checksum) with a hint to rebuild it', () => {
    const legacy = new Uint8Array(40);
    new DataView(legacy.buffer).setUint32(0, 0x5657444c, true);
    new DataView(legacy.buffer).setUint32(4, 1, true);
    expect(() => decodeWordVectorTable(legacy)).toThrow(/older Loadout \(format version 1, this one reads 2\); rebuild it with `pnpm --filter @loadout\/embeddings build`/);
    const newer = resealFrame(sealFrame({ magic: legacy.subarray(0, 4), version: 3, corrupt: () => new Error('unused') as never }, new Uint8Array(16)));
    expect(() => decodeWordVectorTable(newer)).toThrow(/word-vector table is corrupt: unsupported format version 3/);
  });
});
