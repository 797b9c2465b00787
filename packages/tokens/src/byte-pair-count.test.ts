import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countBytePairTokens } from './byte-pair-count.js';
import type { RankLookup } from './byte-pair-count.js';

/** The textbook merge loop (rescan every pair after each merge), as js-tiktoken runs it. */
function referenceCount(bytes: Uint8Array, rankOf: RankLookup): number {
  const bounds = Array.from({ length: bytes.length + 1 }, (_, index) => index);
  for (;;) {
    let best: { rank: number; index: number } | undefined;
    for (let index = 0; index + 2 < bounds.length; index++) {
      const rank = rankOf(bytes, bounds[index]!, bounds[index + 2]!);
      if (rank >= 0 && (best === undefined || rank < best.rank)) best = { rank, index };
    }
    if (best === undefined) return bounds.length - 1;
    bounds.splice(best.index + 1, 1);
  }
}

/** A vocabulary over bytes 0–2: the given sequences, ranked in the given order. */
function vocabulary(sequences: readonly number[][]): RankLookup {
  const ranks = new Map<string, number>();
  for (const sequence of sequences) if (!ranks.has(sequence.join(','))) ranks.set(sequence.join(','), ranks.size);
  return (bytes, start, end) => ranks.get(bytes.subarray(start, end).join(',')) ?? -1;
}

/** A vocabulary built like a trained one: every token joins two earlier tokens (bytes 0–4 to start). */
const mergeVocabulary = fc
  .array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 60 })
  .map((merges) => {
    const tokens: number[][] = [[0], [1], [2], [3], [4]];
    for (const [left, right] of merges) {
      tokens.push([...(tokens[left % tokens.length] ?? []), ...(tokens[right % tokens.length] ?? [])]);
    }
    return tokens.filter((token) => token.length > 1);
  });
const mergeBytes = fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 40 }).map((values) => Uint8Array.from(values));

const smallBytes = fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 40 }).map((values) => Uint8Array.from(values));
const sequences = fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2, maxLength: 5 }), { maxLength: 60 });

describe('countBytePairTokens', () => {
  it('counts nothing for no bytes and one token for one byte', () => {
    const rankOf = vocabulary([[0, 0]]);
    expect(countBytePairTokens(new Uint8Array(0), rankOf)).toBe(0);
    expect(countBytePairTokens(Uint8Array.of(0), rankOf)).toBe(1);
  });

  it('merges the lowest-ranked pair first and the leftmost on a tie', () => {
    // "aaa" with only "aa" known: the left pair merges, leaving "aa" + "a".
    expect(countBytePairTokens(Uint8Array.of(0, 0, 0), vocabulary([[0, 0]]))).toBe(2);
    // 0 1 2: "12" outranks "01", so "0" stays alone unless "012" is known.
    expect(countBytePairTokens(Uint8Array.of(0, 1, 2), vocabulary([[1, 2], [0, 1]]))).toBe(2);
    expect(countBytePairTokens(Uint8Array.of(0, 1, 2), vocabulary([[1, 2], [0, 1], [0, 1, 2]]))).toBe(1);
    // "01" first, then "2" can no longer join "12".
    expect(countBytePairTokens(Uint8Array.of(0, 1, 2), vocabulary([[0, 1], [1, 2]]))).toBe(2);
  });

  it('agrees with the textbook merge loop on random vocabularies and inputs', () => {
    fc.assert(
      fc.property(sequences, smallBytes, (vocabularySequences, bytes) => {
        const rankOf = vocabulary(vocabularySequences);
        expect(countBytePairTokens(bytes, rankOf)).toBe(referenceCount(bytes, rankOf));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with the textbook merge loop on vocabularies built by merging', () => {
    fc.assert(
      fc.property(mergeVocabulary, mergeBytes, (vocabularySequences, bytes) => {
        const rankOf = vocabulary(vocabularySequences);
        expect(countBytePairTokens(bytes, rankOf)).toBe(referenceCount(bytes, rankOf));
      }),
      { numRuns: 500 },
    );
  });

  it('ignores a queued pair whose right part has grown since', () => {
    // "cd" merges first, so the queued "bc" is stale; "ab" must merge before "bcd", then "cde" joins.
    const rankOf = vocabulary([[2, 3], [1, 2], [0, 1], [2, 3, 4], [1, 2, 3]]);
    const bytes = Uint8Array.of(0, 1, 2, 3, 4);
    expect(referenceCount(bytes, rankOf)).toBe(2);
    expect(countBytePairTokens(bytes, rankOf)).toBe(2);
  });

  it('handles a long run of one byte', () => {
    const rankOf = vocabulary([[0, 0], [0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]]);
    expect(countBytePairTokens(new Uint8Array(4099), rankOf)).toBe(512 + 1 + 1);
  });
});
