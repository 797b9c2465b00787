import { describe, expect, it } from 'vitest';
import { assignFolds } from './assign-folds.js';
import { fnv1a32 } from '@loadout/core/utils';
import { nearDuplicatePairs, queryWords } from './near-duplicates.js';

describe('assignFolds', () => {
  it('is fixed by the texts and keeps near-duplicates in one fold', () => {
    const queries = [
      'Send a message to the team channel',
      'send a message to the team channel!',
      'Send a message to the whole team channel',
      'Create an issue in the repository',
      'Book a flight to Paris',
      'Weather in Berlin tomorrow',
    ];
    const folds = assignFolds(queries, 3);
    expect(assignFolds([...queries], 3)).toEqual(folds);
    expect(folds[1]).toBe(folds[0]);
    expect(folds[2]).toBe(folds[0]);
    for (const fold of folds) expect(fold).toBeGreaterThanOrEqual(0);
    for (let fold = 0; fold < 3; fold++) {
      const train = queries.filter((_, index) => folds[index] !== fold);
      const test = queries.filter((_, index) => folds[index] === fold);
      expect(nearDuplicatePairs(train, test)).toEqual([]);
    }
  });
});

describe('assignFolds against every pair', () => {
  it('groups exactly as comparing every pair of queries does', () => {
    const words = ['send', 'a', 'message', 'to', 'the', 'team', 'channel', 'book', 'flight', 'paris', 'weather', 'now'];
    let state = 7;
    const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const queries = Array.from({ length: 300 }, () => Array.from({ length: 1 + Math.floor(next() * 7) }, () => words[Math.floor(next() * words.length)]!).join(' '));
    queries.push('', '!!', 'Send');
    const folds = assignFolds(queries, 5);
    // The groups of every near-duplicate pair, each in the fold of its first query's words.
    const group = queries.map((_, index) => index);
    const find = (index: number): number => (group[index] === index ? index : (group[index] = find(group[index]!)));
    for (const [i, j] of nearDuplicatePairs(queries, queries)) group[Math.max(find(i), find(j))] = Math.min(find(i), find(j));
    expect(folds).toEqual(queries.map((_, index) => fnv1a32([...queryWords(queries[find(index)]!)].sort().join(' ')) % 5));
    expect(folds[300]).toBe(folds[301]);
    // A seed is another partition of the same groups.
    const seeded = assignFolds(queries, 5, 2);
    expect(seeded).toEqual(queries.map((_, index) => fnv1a32(`2 ${[...queryWords(queries[find(index)]!)].sort().join(' ')}`) % 5));
    expect(seeded).not.toEqual(folds);
  });
});
