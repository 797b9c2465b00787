import { describe, expect, it } from 'vitest';
import { countTrainingQueries, recordTrainingQueries } from './training-queries.js';

describe('recordTrainingQueries', () => {
  it('finds the recorded queries however they are spaced or cased, and no others', () => {
    const record = recordTrainingQueries(['Send an email to Bob', 'weather in Paris', 'weather in Paris']);
    expect(record).toMatchObject({ format: 'loadout-training-queries-v1', count: 2 });
    expect(record.hashes).not.toContain('Paris');
    expect(countTrainingQueries(record, ['  send an EMAIL  to bob', 'weather in paris', 'book a flight'])).toBe(2);
    expect(countTrainingQueries(record, ['book a flight'])).toBe(0);
  });

  it('is deterministic, and counts nothing for a record of another format', () => {
    expect(recordTrainingQueries(['b', 'a'])).toEqual(recordTrainingQueries(['a', 'b']));
    expect(countTrainingQueries({ format: 'v0' as 'loadout-training-queries-v1', count: 1, hashes: '' }, ['a'])).toBe(0);
  });
});
