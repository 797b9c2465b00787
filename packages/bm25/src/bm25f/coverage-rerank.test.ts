import { makeTools } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { createBm25Ranker } from './create-bm25-ranker.js';

const tools = makeTools([
  { name: 'search_flights', server: 'air', description: 'Search flights: cheap flights, direct flights, flight deals' },
  { name: 'cheap_flights', server: 'air', description: 'Find cheap flights and search flight deals' },
  { name: 'flight_status', server: 'air', description: 'Status of a flight' },
  { name: 'book_room', server: 'stay', description: 'Book a hotel room' },
  { name: 'room_reviews', server: 'stay', description: 'Read reviews of rooms' },
  { name: 'weather', description: 'Weather forecast' },
]);
const query = 'search cheap flights hotel';

function top(options: Parameters<typeof createBm25Ranker>[0], limit = 2): string[] {
  const ranker = createBm25Ranker({ multiIntent: 'off', coverageMinTerms: 1, coverageWeight: 0.9, ...options });
  ranker.index(tools);
  return ranker.search(query, { limit }).map((hit) => hit.tool.name);
}

describe('coverage selection (xQuAD)', () => {
  it('picks a tool covering what the first pick left uncovered', () => {
    expect(top({ coverage: 'off' })).toEqual(['search_flights', 'cheap_flights']);
    expect(top({ coverage: 'xquad' })).toEqual(['search_flights', 'book_room']);
  });

  it('keeps score order with weight 0 and applies only to long enough queries', () => {
    expect(top({ coverage: 'xquad', coverageWeight: 0 })).toEqual(top({ coverage: 'off' }));
    expect(top({ coverage: 'xquad', coverageMinTerms: 20 })).toEqual(top({ coverage: 'off' }));
  });

  it('can favour tools of a server already picked', () => {
    expect(top({ coverage: 'xquad', sameServerBonus: 1 })).toEqual(['search_flights', 'cheap_flights']);
  });

  it('gives non-increasing scores and explains the coverage part', () => {
    const ranker = createBm25Ranker({ coverage: 'xquad', coverageMinTerms: 1 });
    ranker.index(tools);
    const hits = ranker.search(query, { limit: 4, explain: true });
    for (let index = 1; index < hits.length; index++) expect(hits[index]!.score).toBeLessThanOrEqual(hits[index - 1]!.score);
    expect(hits[1]!.explanation!.notes).toContain('picked for query-term coverage');
    expect(hits[1]!.explanation!.components['coverage']).toBeGreaterThan(0);
  });

  it('rejects an unknown mode', () => {
    expect(() => createBm25Ranker({ coverage: 'mmr' as never })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });
});
