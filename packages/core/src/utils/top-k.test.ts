import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admits, createTopK, drainTopK, pushTopK, resetTopK } from './top-k.js';

describe('top-k heap', () => {
  it('keeps exactly the best k of a stream, as a full sort would (score desc, then id asc)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), fc.integer({ min: 1, max: 30 }), (scores, k) => {
        const heap = createTopK(4);
        resetTopK(heap, k);
        scores.forEach((score, doc) => {
          if (admits(heap, score, doc)) pushTopK(heap, score, doc);
        });
        const docs = new Int32Array(k);
        const values = new Float64Array(k);
        const count = drainTopK(heap, docs, values);
        const expected = scores
          .map((score, doc) => [score, doc] as const)
          .sort((a, b) => b[0] - a[0] || a[1] - b[1])
          .slice(0, k);
        expect(Array.from(docs.subarray(0, count))).toEqual(expected.map(([, doc]) => doc));
        expect(Array.from(values.subarray(0, count))).toEqual(expected.map(([score]) => score));
        expect(heap.size).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
