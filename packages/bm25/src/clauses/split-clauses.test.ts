import { describe, expect, it } from 'vitest';
import { splitClauses } from './split-clauses.js';

describe('splitClauses', () => {
  it('keeps a single request whole', () => {
    expect(splitClauses('search slack messages by channel')).toEqual(['search slack messages by channel']);
  });

  it('splits at sentence ends and semicolons, not at dots inside words', () => {
    expect(splitClauses('Read notes.md and summarise it. Post it to Slack; file a ticket')).toEqual([
      'Read notes.md',
      'summarise it.',
      'Post it to Slack',
      'file a ticket',
    ]);
  });

  it('splits at "then" and "also" and drops them', () => {
    expect(splitClauses('get the weather then book a taxi, also play music')).toEqual(['get the weather', 'book a taxi', 'play music']);
  });

  it('splits before a verb after a comma or "and", not before other words', () => {
    expect(splitClauses('find flights to Paris, book a hotel and send me the itinerary')).toEqual([
      'find flights to Paris',
      'book a hotel',
      'send me the itinerary',
    ]);
    expect(splitClauses('salt and pepper, lightly')).toEqual(['salt and pepper, lightly']);
  });

  it('strips leading discourse markers and drops empty clauses', () => {
    expect(splitClauses('First, fetch the page. After that, extract the links. Finally, save them.')).toEqual([
      'fetch the page.',
      'extract the links.',
      'save them.',
    ]);
    expect(splitClauses(' ; . ')).toEqual([]);
  });
});
