import { describe, expect, it } from 'vitest';
import { scoreQuery } from '../metrics/score-query.js';
import { toEvalQuery } from './to-eval-query.js';

describe('toEvalQuery', () => {
  it('keeps a group listed twice once, so one tool is credited once by every metric', () => {
    const value = { query: 'weather', relevant: ['get_weather'], relevant_groups: [['get_weather'], ['get_weather'], ['b', 'a'], ['a', 'b', 'a']] };
    const query = toEvalQuery({ line: 1, value }, 'q.jsonl');
    expect(query.relevantGroups).toEqual([['get_weather'], ['b', 'a']]);
    expect(scoreQuery(['get_weather', 'a'], query)).toEqual({ 'recall@5': 1, 'ndcg@5': 1, 'mrr@10': 1 });
  });
});
