import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isLoadoutError } from '@loadout/core';
import { goldGroups } from './gold-groups.js';
import { ndcgAtK } from './ndcg-at-k.js';
import { recallAtK } from './recall-at-k.js';
import { reciprocalRankAtK } from './reciprocal-rank-at-k.js';
import { scoreQuery } from './score-query.js';

const log2 = Math.log2;

describe('metrics without groups (one group per gold tool)', () => {
  const groups = goldGroups({ relevant: ['a', 'b', 'c'] });
  const ranked = ['x', 'a', 'y', 'c', 'z', 'b'];

  it('Recall@5 counts gold tools in the top 5 only', () => {
    expect(recallAtK(ranked, groups, 5)).toBeCloseTo(2 / 3, 12);
    expect(recallAtK(ranked, groups, 6)).toBe(1);
  });

  it('NDCG@5 is binary DCG over ideal DCG of min(gold, 5) hits', () => {
    const dcg = 1 / log2(3) + 1 / log2(5);
    const ideal = 1 + 1 / log2(3) + 1 / log2(4);
    expect(ndcgAtK(ranked, groups, 5)).toBeCloseTo(dcg / ideal, 12);
    expect(ndcgAtK(ranked, groups, 5)).toBeCloseTo(0.498187, 5);
  });

  it('MRR@10 is the reciprocal rank of the first gold tool', () => {
    expect(reciprocalRankAtK(ranked, groups, 10)).toBe(0.5);
  });

  it('MRR@10 ignores gold below rank 10', () => {
    const filler = Array.from({ length: 9 }, (_, index) => `f${index}`);
    expect(reciprocalRankAtK([...filler, 'a'], groups, 10)).toBeCloseTo(0.1, 12);
    expect(reciprocalRankAtK([...filler, 'q', 'a'], groups, 10)).toBe(0);
  });

  it('an empty result scores 0 everywhere', () => {
    expect(scoreQuery([], { relevant: ['a'] })).toEqual({ 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0 });
  });
});

describe('metrics with any-of groups', () => {
  const query = { relevant: ['w1', 'w2', 'd'], relevantGroups: [['w1', 'w2'], ['d']] };
  const ranked = ['w1', 'w2', 'x', 'd'];

  it('counts a group once, whichever member is found', () => {
    const scores = scoreQuery(ranked, query);
    expect(scores['recall@5']).toBe(1);
    expect(scoreQuery(['w2', 'x'], query)['recall@5']).toBe(0.5);
  });

  it('gives no gain to a second tool of a credited group, and ideal DCG counts groups', () => {
    const dcg = 1 + 1 / log2(5);
    const ideal = 1 + 1 / log2(3);
    expect(scoreQuery(ranked, query)['ndcg@5']).toBeCloseTo(dcg / ideal, 12);
    expect(scoreQuery(ranked, query)['ndcg@5']).toBeCloseTo(0.877215, 5);
    const flat = scoreQuery(ranked, { relevant: query.relevant })['ndcg@5'];
    expect(flat).toBeCloseTo((1 + 1 / log2(3) + 1 / log2(5)) / (1 + 1 / log2(3) + 1 / log2(4)), 12);
  });

  it('MRR@10 takes the first member of any group', () => {
    expect(scoreQuery(['x', 'y', 'w2'], query)['mrr@10']).toBeCloseTo(1 / 3, 12);
  });

  it('a query with more groups than 5 cannot reach Recall@5 of 1 but can reach NDCG@5 of 1', () => {
    const six = { relevant: ['a', 'b', 'c', 'd', 'e', 'f'] };
    const scores = scoreQuery(['a', 'b', 'c', 'd', 'e', 'f'], six);
    expect(scores['recall@5']).toBeCloseTo(5 / 6, 12);
    expect(scores['ndcg@5']).toBeCloseTo(1, 12);
  });
});

describe('metric input checks', () => {
  it('rejects a non-positive cutoff and an empty gold', () => {
    const caught = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const badK = caught(() => recallAtK(['a'], [['a']], 0));
    expect(isLoadoutError(badK) && badK.code).toBe('invalid-option');
    const empty = caught(() => ndcgAtK(['a'], [], 5));
    expect(isLoadoutError(empty) && empty.code).toBe('invalid-input');
  });
});

describe('metric properties', () => {
  const names = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l');
  const ranking = fc.uniqueArray(names, { maxLength: 12 });
  const groups = fc.array(fc.uniqueArray(names, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 });

  it('every metric lies in [0, 1] and Recall@k grows with k', () => {
    fc.assert(
      fc.property(ranking, groups, (ranked, gold) => {
        for (const value of [recallAtK(ranked, gold, 5), ndcgAtK(ranked, gold, 5), reciprocalRankAtK(ranked, gold, 10)]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1 + 1e-12);
        }
        expect(recallAtK(ranked, gold, 3)).toBeLessThanOrEqual(recallAtK(ranked, gold, 5));
      }),
    );
  });

  it('one member of each group at the top gives NDCG 1', () => {
    fc.assert(
      fc.property(fc.uniqueArray(names, { minLength: 1, maxLength: 8 }), (gold) => {
        const grouped = gold.map((name) => [name, `${name}-alt`]);
        expect(ndcgAtK([...gold, 'zz'], grouped, 5)).toBeCloseTo(1, 12);
      }),
    );
  });
});
