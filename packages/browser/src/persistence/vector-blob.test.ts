import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isLoadoutError } from '@loadout/core';
import { undetectedBitFlips } from '@loadout/core/test';
import { decodeVectorSet, encodeVectorSet } from './vector-blob.js';

const vectorSet = fc.integer({ min: 1, max: 6 }).chain((dimensions) =>
  fc.record({
    fingerprint: fc.string({ maxLength: 40 }),
    dimensions: fc.constant(dimensions),
    keys: fc.uniqueArray(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 8 }),
  }).chain((set) =>
    fc.array(fc.float({ noNaN: true }), { minLength: set.keys.length * dimensions, maxLength: set.keys.length * dimensions }).map((values) => ({
      ...set,
      values: Float32Array.from(values),
    })),
  ),
);

describe('vector sets', () => {
  it('round-trip through encode and decode', () => {
    fc.assert(
      fc.property(vectorSet, (set) => {
        const decoded = decodeVectorSet(encodeVectorSet(set));
        expect(decoded.fingerprint).toBe(set.fingerprint);
        expect(decoded.dimensions).toBe(set.dimensions);
        expect(decoded.keys).toEqual(set.keys);
        expect(Array.from(decoded.values)).toEqual(Array.from(set.values));
      }),
    );
  });

  it('decode from an offset view (as IndexedDB may return)', () => {
    const blob = encodeVectorSet({ fingerprint: 'f', dimensions: 2, keys: ['a'], values: Float32Array.of(1, 2) });
    const padded = new Uint8Array(blob.length + 3);
    padded.set(blob, 3);
    expect(Array.from(decodeVectorSet(padded.subarray(3)).values)).toEqual([1, 2]);
  });

  it('reject truncated, foreign and inconsistent blobs with index-corrupt', () => {
    const blob = encodeVectorSet({ fingerprint: 'fp', dimensions: 2, keys: ['a', 'b'], values: Float32Array.of(1, 2, 3, 4) });
    const corrupt = (bytes: Uint8Array) => {
      try {
        decodeVectorSet(bytes);
        return 'decoded';
      } catch (error) {
        return isLoadoutError(error) ? error.code : 'other';
      }
    };
    expect(corrupt(blob.subarray(0, blob.length - 4))).toBe('index-corrupt');
    expect(corrupt(blob.subarray(0, 10))).toBe('index-corrupt');
    expect(corrupt(new TextEncoder().encode('LBMF and more bytes here'))).toBe('index-corrupt');
    const wrongVersion = blob.slice();
    wrongVersion[4] = 9;
    expect(corrupt(wrongVersion)).toBe('index-corrupt');
  });

  it('detect every flipped bit at every byte position', () => {
    const blob = encodeVectorSet({ fingerprint: 'fp', dimensions: 2, keys: ['a', 'b'], values: Float32Array.of(1, 2, 3, 4) });
    expect(undetectedBitFlips(blob, decodeVectorSet)).toEqual([]);
  });
});
