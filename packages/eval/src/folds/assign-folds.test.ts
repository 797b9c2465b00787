import { describe, expect, it } from 'vitest';
import { assignFolds } from './assign-folds.js';
import { nearDuplicatePairs } from './near-duplicates.js';

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
