import { createCatalog } from '@loadout/core';
import type { SearchHit } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { scoreRanks } from './score-ranks.js';

const hitsOf = (scores: readonly number[]): SearchHit[] => {
  const { tools } = createCatalog(scores.map((_, index) => ({ name: `t${index}` })));
  return scores.map((score, index) => ({ tool: tools[index]!, score }));
};

describe('scoreRanks', () => {
  it('counts ranks in score order, ties sharing the best rank of their group', () => {
    const ranks = scoreRanks(hitsOf([0.9, 0.5, 0.5, 0.5, -0.1, -0.2, -0.2]));
    expect([...ranks.values()].map((rank) => rank.rank)).toEqual([1, 2, 2, 2, 5, 6, 6]);
    expect([...ranks.values()].map((rank) => rank.tied)).toEqual([0, 2, 2, 2, 0, 1, 1]);
    expect([...ranks.values()].every((rank) => rank.of === 7)).toBe(true);
  });

  it('gives one hit rank 1 of 1 and no hits nothing', () => {
    expect([...scoreRanks(hitsOf([-3])).values()]).toEqual([{ rank: 1, tied: 0, of: 1 }]);
    expect(scoreRanks([]).size).toBe(0);
  });
});
