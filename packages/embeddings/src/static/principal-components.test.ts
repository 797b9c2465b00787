import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { principalComponents, removeComponents, symmetricEigen } from './principal-components.js';

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 0x1_0000_0000 - 0.5;
  };
}

const dotProduct = (left: ArrayLike<number>, right: ArrayLike<number>) => {
  let sum = 0;
  for (let index = 0; index < left.length; index++) sum += left[index]! * right[index]!;
  return sum;
};

describe('symmetricEigen', () => {
  it('diagonalises symmetric matrices: A v = λ v, orthonormal vectors, values descending', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer(), (size, seed) => {
        const next = random(seed);
        const matrix = new Float64Array(size * size);
        for (let i = 0; i < size; i++) {
          for (let j = i; j < size; j++) matrix[i * size + j] = matrix[j * size + i] = next() * 10;
        }
        const { values, vectors } = symmetricEigen(matrix, size);
        for (let index = 1; index < size; index++) expect(values[index]!).toBeLessThanOrEqual(values[index - 1]! + 1e-9);
        vectors.forEach((vector, index) => {
          expect(dotProduct(vector, vector)).toBeCloseTo(1, 9);
          for (let row = 0; row < size; row++) {
            const product = dotProduct(matrix.subarray(row * size, row * size + size), vector);
            expect(product).toBeCloseTo(values[index]! * vector[row]!, 6);
          }
          for (let other = 0; other < index; other++) expect(dotProduct(vector, vectors[other]!)).toBeCloseTo(0, 9);
        });
      }),
      { numRuns: 40 },
    );
  });
});

describe('principalComponents', () => {
  it('finds the dominant shared direction first and removes it', () => {
    const next = random(7);
    const shared = [0.6, 0.8, 0, 0];
    const vectors = Array.from({ length: 200 }, () =>
      Float32Array.from(shared.map((value, index) => value * (5 + next()) + (index >= 2 ? next() : next() * 0.1))),
    );
    const [first, second] = principalComponents(vectors, 2, 4);
    expect(Math.abs(dotProduct(first!, shared))).toBeCloseTo(1, 2);
    expect(dotProduct(first!, second!)).toBeCloseTo(0, 5);
    const vector = Float32Array.from(vectors[0]!);
    removeComponents(vector, [first!, second!]);
    expect(dotProduct(vector, first!)).toBeCloseTo(0, 5);
    expect(dotProduct(vector, second!)).toBeCloseTo(0, 5);
  });

  it('returns no more components than vectors, dimensions or non-zero variance allow', () => {
    const vectors = [Float32Array.from([1, 0, 0]), Float32Array.from([2, 0, 0])];
    expect(principalComponents(vectors, 8, 3)).toHaveLength(1);
    expect(principalComponents([], 8, 3)).toHaveLength(0);
  });
});
