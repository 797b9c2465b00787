import { describe, expect, it } from 'vitest';
import type { RankerAvailability } from '../engine/engine-types.js';
import { findRankerProblem } from './element-ranker.js';

function ranker(name: string, reason?: string): RankerAvailability {
  return { name, description: '', queryKind: 'keywords', available: reason === undefined, ...(reason === undefined ? {} : { reason }) };
}

/** What the element's worker lists with no static-table attribute. */
const WITHOUT_TABLE = [
  ranker('bm25f'),
  ranker('regex'),
  ranker('static-embedding', 'no word-vector table: the engine has no staticTableUrl'),
  ranker('hybrid', 'no word-vector table: the engine has no staticTableUrl'),
  ranker('transformers', 'transformers.js is not part of this engine: start the worker from …'),
];

describe('findRankerProblem', () => {
  it('accepts a ranker the engine can run', () => {
    expect(findRankerProblem('bm25f', WITHOUT_TABLE, false)).toBeUndefined();
    expect(findRankerProblem('hybrid', [ranker('bm25f'), ranker('hybrid')], true)).toBeUndefined();
  });

  it('refuses an unknown name with unknown-ranker, listing only what the element can run', () => {
    const problem = findRankerProblem('nope', WITHOUT_TABLE, false);
    expect(problem?.code).toBe('unknown-ranker');
    expect(problem?.message).toBe('<loadout-search>: unknown ranker "nope"; this element can run bm25f, regex, and static-embedding, hybrid with the static-table attribute');
    expect(problem?.details['valid']).toEqual(['bm25f', 'regex']);
  });

  it('asks for static-table when static-embedding or hybrid lack it (invalid-option)', () => {
    const problem = findRankerProblem('hybrid', WITHOUT_TABLE, false);
    expect(problem?.code).toBe('invalid-option');
    expect(problem?.message).toMatch(/^<loadout-search>: ranker "hybrid" needs the static-table attribute \(the URL of glove-sg-100d-50k\.ldwv\); this element can run bm25f, regex,/);
  });

  it('refuses transformers, and a table that is not served, with unsupported-environment and the reason', () => {
    expect(findRankerProblem('transformers', WITHOUT_TABLE, false)).toMatchObject({
      code: 'unsupported-environment',
      message: expect.stringMatching(/^<loadout-search>: ranker "transformers" cannot run here \(the element's worker does not include transformers\.js\); this element can run bm25f, regex/),
    });
    const missing = [ranker('bm25f'), ranker('hybrid', 'no word-vector table: /static/t.ldwv answered HTTP 404')];
    expect(findRankerProblem('hybrid', missing, true)?.message).toBe(
      '<loadout-search>: ranker "hybrid" cannot run here (no word-vector table: /static/t.ldwv answered HTTP 404); this element can run bm25f',
    );
  });
});
