import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compactWordVectors, isTableWord } from './compact-word-vectors.js';
import { parseWordVectorJson, type WordVectorSource } from './parse-word-vector-json.js';
import { TINY_WORDS, tinyVectorJson } from './__fixtures__/tiny-vectors.js';

const tiny = (): WordVectorSource => parseWordVectorJson(new TextEncoder().encode(tinyVectorJson(TINY_WORDS)));

describe('compactWordVectors', () => {
  it('keeps the most frequent table words in rank order, skipping punctuation and compounds', () => {
    const table = compactWordVectors(tiny(), { maxWords: 5 });
    expect(table.words).toEqual(['the', 'a', 'to', 'of', 'and']);
    expect(Array.from(table.ranks)).toEqual([0, 2, 3, 4, 5]);
    expect(table.vocabularySize).toBe(TINY_WORDS.length);
    expect(table.values).toHaveLength(5 * 8);
  });

  it('adds extra words the source has, after the frequent ones', () => {
    const table = compactWordVectors(tiny(), { maxWords: 2, extraWords: ['inbox', 'weather', 'missing', 'e-mail'] });
    expect(table.words).toEqual(['the', 'a', 'inbox', 'weather']);
  });

  it('recognises table words', () => {
    expect(isTableWord('email')).toBe(true);
    expect(isTableWord('v2')).toBe(true);
    expect(isTableWord('e-mail')).toBe(false);
    expect(isTableWord('Email')).toBe(false);
    expect(isTableWord(',')).toBe(false);
  });

  it('rejects a bad maxWords', () => {
    expect(() => compactWordVectors(tiny(), { maxWords: 0 })).toThrow('@loadout/embeddings: maxWords must be an integer ≥ 1 (got 0)');
  });

  it('reconstructs every value within half a quantisation step', () => {
    const vectorArbitrary = fc.array(fc.float({ min: -10, max: 10, noNaN: true }), { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(vectorArbitrary, { minLength: 1, maxLength: 20 }), (vectors) => {
        const words = vectors.map((_, index) => `w${index}`);
        const source: WordVectorSource = {
          dimensions: 4,
          words,
          vectors: new Map(words.map((word, rank) => [word, { rank, vector: Float32Array.from(vectors[rank]!) }])),
        };
        const table = compactWordVectors(source);
        table.words.forEach((word, row) => {
          const original = source.vectors.get(word)!.vector;
          const scale = table.scales[row]!;
          for (let index = 0; index < 4; index++) {
            const restored = table.values[row * 4 + index]! * scale;
            expect(Math.abs(restored - original[index]!)).toBeLessThanOrEqual(scale / 2 + 1e-6);
          }
        });
      }),
    );
  });
});
