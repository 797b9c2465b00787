import { makeTools } from '@loadout/core/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import type { ToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import { splitClauses } from '../clauses/split-clauses.js';
import { analyseDocument, createAnalysisScratch } from './analyse-document.js';
import { createDictionary } from './dictionary.js';
import { clauseTexts, collectQueryTerms, createQueryTerms, termWeight } from './query-terms.js';
import type { QueryTerms } from './query-terms.js';
import { rebuildPostings } from './rebuild-postings.js';
import { emptyPostings } from './postings.js';

const analyzer = createToolAnalyzer();
const tools = makeTools([
  { name: 'read_file', description: 'Read a file then print it' },
  { name: 'send_message', server: 'slack', description: 'Send a message to a channel, also notify users' },
  { name: 'x_then_y', description: 'first steps: fetch the page, save notes.md and search e.g. repos' },
]);
const dictionary = createDictionary();
const scratch = createAnalysisScratch();
const postings = rebuildPostings(
  emptyPostings(),
  tools.map((tool) => analyseDocument(analyzer.analyzeTool(tool), dictionary, scratch)),
  dictionary.terms.length,
);

function snapshot(terms: QueryTerms): { full: number[]; clauses: number[][]; texts: string[] } {
  const clauses: number[][] = [];
  for (let clause = 0; clause < terms.clauseCount; clause++) {
    clauses.push(Array.from(terms.clauseTerms.subarray(terms.clauseStart[clause], terms.clauseStart[clause + 1])));
  }
  return { full: Array.from(terms.full.subarray(0, terms.fullCount)), clauses, texts: clauseTexts(terms) };
}

/** The straightforward analysis: the query and each clause text analysed on its own. */
function reference(query: string): { full: number[]; clauses: number[][]; texts: string[] } {
  const known = (token: string): number | undefined => dictionary.ids.get(token);
  const full = [...new Set(analyzer.analyzeQuery(query).map(known).filter((term): term is number => term !== undefined))];
  if (full.length < 2) return { full, clauses: [], texts: [] };
  const clauses: number[][] = [];
  const texts: string[] = [];
  for (const piece of splitClauses(query)) {
    const terms = [...new Set(analyzer.analyzeQuery(piece).map(known).filter((term): term is number => term !== undefined && full.includes(term)))];
    if (terms.length === 0) continue;
    clauses.push(terms);
    texts.push(piece);
  }
  return clauses.length >= 2 ? { full, clauses, texts } : { full, clauses: [], texts: [] };
}

describe('collectQueryTerms', () => {
  const piece = fc.constantFrom(
    'read', 'file', 'then', 'Then', 'also', 'send', 'message', 'x-then-y', 'x_then_y', 'first-steps', 'first', 'Finally',
    'notes.md', 'e.g.', 'readFile', 'SendMessage', 'slack', 'and', 'save', 'search', 'repos', 'the', 'café', ',', '.', ';', '!', ' ', '\n',
    'reading', 'messages', 'searches', 'filed', 'savefile',
  );
  const query = fc.tuple(fc.array(piece, { maxLength: 20 }), fc.constantFrom(' ', '')).map(([pieces, glue]) => pieces.join(glue));

  it('finds the terms of the query and of each clause analysed on its own', () => {
    const terms = createQueryTerms();
    fc.assert(
      fc.property(query, (text) => {
        collectQueryTerms(text, analyzer, dictionary, postings, true, terms);
        expect(snapshot(terms)).toEqual(reference(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same terms through any analyzer with the same tokens', () => {
    const wrapped: ToolAnalyzer = { ...analyzer };
    const viaChunks = createQueryTerms();
    const viaTexts = createQueryTerms();
    fc.assert(
      fc.property(query, (text) => {
        collectQueryTerms(text, analyzer, dictionary, postings, true, viaChunks);
        collectQueryTerms(text, wrapped, dictionary, postings, true, viaTexts);
        expect(snapshot(viaChunks)).toEqual(snapshot(viaTexts));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same prefix terms, with the same weights, through any analyzer with the same tokens', () => {
    const wrapped: ToolAnalyzer = { ...analyzer };
    const viaChunks = createQueryTerms();
    const viaTexts = createQueryTerms();
    const prefix = { minLength: 4, weight: 0.5 };
    const weights = (terms: QueryTerms): number[] => Array.from(terms.full.subarray(0, terms.fullCount), (term) => termWeight(terms, term));
    let prefixed = 0;
    fc.assert(
      fc.property(query, (text) => {
        collectQueryTerms(text, analyzer, dictionary, postings, true, viaChunks, prefix);
        collectQueryTerms(text, wrapped, dictionary, postings, true, viaTexts, prefix);
        expect(snapshot(viaChunks)).toEqual(snapshot(viaTexts));
        expect(weights(viaChunks)).toEqual(weights(viaTexts));
        if (viaChunks.clauseCount >= 2 && weights(viaChunks).includes(0.5)) prefixed++;
      }),
      { numRuns: 500 },
    );
    // The property saw clauses holding prefix-only terms.
    expect(prefixed).toBeGreaterThan(20);
  });

  it('keeps one bag of words without fusion', () => {
    const terms = createQueryTerms();
    collectQueryTerms('read the file then send a message', analyzer, dictionary, postings, false, terms);
    expect(terms.clauseCount).toBe(0);
    expect(terms.fullCount).toBe(4);
  });
});
