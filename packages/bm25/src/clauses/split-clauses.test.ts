import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAUSE_VERBS, DISCOURSE_MARKERS } from './clause-verbs.js';
import { splitClauseSpans, splitClauses } from './split-clauses.js';

/** The splitter as first written, with `String.prototype.split`: the reference for the offset-based one. */
function referenceSplit(text: string): string[] {
  const sentenceBreak = /(?<=[.!?])\s+|[;\n]+/;
  const connectiveBreak = /\b(?:then|also)\b/i;
  const verbBreak = new RegExp(`(?:,\\s*|\\band\\s+)(?=(?:${CLAUSE_VERBS.join('|')})\\b)`, 'i');
  const leadingMarkers = new RegExp(`^(?:[\\s,.:!?]+|(?:${DISCOURSE_MARKERS.join('|')})\\b)+`, 'i');
  const splitAll = (pieces: readonly string[], pattern: RegExp): string[] => pieces.flatMap((piece) => piece.split(pattern));
  const pieces = splitAll(splitAll(text.split(sentenceBreak), connectiveBreak), verbBreak);
  const clauses: string[] = [];
  for (const piece of pieces) {
    let trimmed = piece.replace(leadingMarkers, '');
    let end = trimmed.length;
    while (end > 0 && /[\s,]/.test(trimmed[end - 1]!)) end--;
    trimmed = trimmed.slice(0, end);
    if (trimmed.length > 0) clauses.push(trimmed);
  }
  return clauses;
}

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

  it('gives the clauses of the String.split formulation, at offsets into the text', () => {
    const piece = fc.constantFrom(
      'then', 'also', 'Then', 'and', 'send', 'save', 'Read', 'first', 'Finally', 'after that', 'file', 'notes.md', 'x-then-y',
      'a_also', 'first-step', '.', ',', ';', '!', '?', ':', ' ', '  ', '\n', '\t', 'the', 'it', 'e.g.', 'andsend',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), fc.constantFrom(' ', ''), (pieces, glue) => {
        const text = pieces.join(glue);
        expect(splitClauses(text)).toEqual(referenceSplit(text));
        const spans = splitClauseSpans(text);
        expect(spans.length / 2).toBe(splitClauses(text).length);
      }),
      { numRuns: 1000 },
    );
  });
});
