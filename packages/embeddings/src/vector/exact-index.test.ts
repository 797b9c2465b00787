import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isLoadoutError } from '@loadout/core';
import { createExactIndex } from './exact-index.js';

const DIMENSIONS = 4;
const vectorArbitrary = fc
  .array(fc.float({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true }), { minLength: DIMENSIONS, maxLength: DIMENSIONS })
  .map((values) => Float32Array.from(values));
const keyArbitrary = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');

type Operation =
  | { type: 'add'; key: string; vector: Float32Array }
  | { type: 'remove'; key: string }
  | { type: 'search'; vector: Float32Array; k: number };

const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ type: fc.constant('add' as const), key: keyArbitrary, vector: vectorArbitrary }),
  fc.record({ type: fc.constant('remove' as const), key: keyArbitrary }),
  fc.record({ type: fc.constant('search' as const), vector: vectorArbitrary, k: fc.integer({ min: 1, max: 10 }) }),
);

function cosine(left: Float32Array, right: Float32Array): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < left.length; index++) {
    dot += left[index]! * right[index]!;
    leftNorm += left[index]! ** 2;
    rightNorm += right[index]! ** 2;
  }
  return leftNorm === 0 || rightNorm === 0 ? 0 : dot / Math.sqrt(leftNorm * rightNorm);
}

describe('createExactIndex', () => {
  it('answers like a brute-force cosine scan over any sequence of adds, removes and searches', () => {
    fc.assert(
      fc.property(fc.array(operationArbitrary, { maxLength: 40 }), (operations) => {
        const index = createExactIndex({ dimensions: DIMENSIONS, initialCapacity: 1 });
        const model = new Map<string, Float32Array>();
        for (const operation of operations) {
          if (operation.type === 'add') {
            index.add([{ key: operation.key, vector: operation.vector }]);
            model.set(operation.key, operation.vector);
          } else if (operation.type === 'remove') {
            index.remove([operation.key]);
            model.delete(operation.key);
          } else {
            const matches = index.search(operation.vector, operation.k);
            const expected = [...model].map(([key, vector]) => ({ key, score: cosine(operation.vector, vector) }));
            expected.sort((left, right) => right.score - left.score);
            expect(matches).toHaveLength(Math.min(operation.k, model.size));
            matches.forEach((match, rank) => {
              expect(match.score).toBeCloseTo(expected[rank]!.score, 4);
              expect(match.score).toBeCloseTo(cosine(operation.vector, model.get(match.key)!), 4);
            });
            expect(new Set(matches.map((match) => match.key)).size).toBe(matches.length);
          }
          expect(index.size).toBe(model.size);
          expect(new Set(index.keys())).toEqual(new Set(model.keys()));
        }
      }),
    );
  });

  it('stores unit-length copies, replaces by key, and clears', () => {
    const index = createExactIndex({ dimensions: 2 });
    const vector = Float32Array.from([3, 4]);
    index.add([{ key: 'x', vector }]);
    vector[0] = 100;
    expect(Array.from(index.getVector('x')!)).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    index.add([{ key: 'x', vector: Float32Array.from([0, 2]) }]);
    expect(index.size).toBe(1);
    expect(index.search(Float32Array.from([0, 1]), 3)).toEqual([{ key: 'x', score: 1 }]);
    expect(index.getVector('missing')).toBeUndefined();
    index.clear();
    expect(index.size).toBe(0);
    expect(index.search(Float32Array.from([0, 1]), 3)).toEqual([]);
  });

  it('rejects wrong dimensions, non-finite values, empty keys, bad k and bad options', () => {
    const index = createExactIndex({ dimensions: 2 });
    const codeOf = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        return isLoadoutError(error) ? error.code : 'other';
      }
      return 'none';
    };
    expect(codeOf(() => index.add([{ key: 'x', vector: Float32Array.from([1, 2, 3]) }]))).toBe('invalid-input');
    expect(codeOf(() => index.add([{ key: 'x', vector: Float32Array.from([1, Number.NaN]) }]))).toBe('invalid-input');
    expect(codeOf(() => index.add([{ key: '', vector: Float32Array.from([1, 2]) }]))).toBe('invalid-input');
    expect(codeOf(() => index.search(Float32Array.from([1, 0]), 0))).toBe('invalid-input');
    expect(codeOf(() => index.search(Float32Array.from([1]), 1))).toBe('invalid-input');
    expect(codeOf(() => createExactIndex({ dimensions: 0 }))).toBe('invalid-option');
    expect(index.size).toBe(0);
  });
});
