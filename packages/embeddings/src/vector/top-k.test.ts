import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { createTopK } from './top-k.js';

describe('createTopK', () => {
  it('keeps exactly what a full sort would, best first, ties to the smaller id', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        (scores, capacity) => {
          const topK = createTopK(capacity);
          scores.forEach((score, id) => topK.push(id, score));
          const expected = scores
            .map((score, id) => ({ id, score }))
            .sort((left, right) => right.score - left.score || left.id - right.id)
            .slice(0, capacity);
          const { ids, scores: kept } = topK.drain();
          expect(Array.from(ids)).toEqual(expected.map((entry) => entry.id));
          expect(Array.from(kept)).toEqual(expected.map((entry) => entry.score));
          expect(topK.size).toBe(0);
        },
      ),
    );
  });
});
