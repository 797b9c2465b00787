import type { CatalogTool } from '@loadout/core';
import { isLoadoutError } from '@loadout/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import { TOOL_FIELDS } from '../analyzer/tool-fields.js';
import { splitClauses } from '../clauses/split-clauses.js';
import { WORDS, toTools, toolInput } from './__fixtures__/random-tools.js';
import { createBm25Ranker } from './create-bm25-ranker.js';

const analyzer = createToolAnalyzer();
const WEIGHTS = [4, 1, 0.5, 0.5, 0.25, 1];
const B = [0.9, 0.6, 0.6, 0.6, 0.6, 0.5];

/** Per tool: the normalised full score and each clause's normalised score, written out plainly. */
function referenceParts(tools: readonly CatalogTool[], query: string): { full: number[]; clauses: number[][] } | undefined {
  const fields = tools.map((tool) => analyzer.analyzeTool(tool));
  const average = TOOL_FIELDS.map((field) => fields.reduce((sum, doc) => sum + doc[field].length, 0) / tools.length);
  const has = (doc: (typeof fields)[number], term: string): boolean => TOOL_FIELDS.some((field) => doc[field].includes(term));
  const contribution = (term: string, index: number): number => {
    const doc = fields[index]!;
    const df = fields.filter((other) => has(other, term)).length;
    let pseudo = 0;
    TOOL_FIELDS.forEach((field, f) => {
      const tf = doc[field].filter((token) => token === term).length;
      pseudo += (tf * WEIGHTS[f]!) / (average[f]! > 0 ? 1 - B[f]! + (B[f]! * doc[field].length) / average[f]! : 1);
    });
    return Math.log(1 + (tools.length - df + 0.5) / (df + 0.5)) * Math.fround(pseudo > 0 ? (pseudo * 3) / (pseudo + 2) : 0);
  };
  const known = (term: string): boolean => fields.some((doc) => has(doc, term));
  const full = [...new Set(analyzer.analyzeQuery(query))].filter(known);
  if (full.length < 2) return undefined;
  const clauses = splitClauses(query)
    .map((piece) => [...new Set(analyzer.analyzeQuery(piece))].filter((term) => full.includes(term)))
    .filter((clause) => clause.length > 0);
  if (clauses.length < 2) return undefined;
  const sums = (terms: readonly string[]): number[] => tools.map((_, index) => terms.reduce((total, term) => total + contribution(term, index), 0));
  const normalise = (scores: number[]): number[] => {
    const max = Math.max(...scores);
    return scores.map((score) => (max > 0 ? score / max : 0));
  };
  return { full: normalise(sums(full)), clauses: clauses.map((clause) => normalise(sums(clause))) };
}

const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

const word = fc.constantFrom(...WORDS.filter((item) => item !== 'then'));
const clause = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
const request = fc.array(clause, { minLength: 2, maxLength: 9 }).map((clauses) => clauses.join('. '));

describe('clause coverage (coverage: "clauses", the default)', () => {
  it('gives a step whose tool was crowded out its place', () => {
    // "email" and "message" are both served by send_email; send_send serves "message" and "user".
    const tools = toTools([
      { name: 'send_email', server: null, description: 'message' },
      { name: 'email_send', server: 'alpha', description: '' },
      { name: 'send_send', server: 'alpha', description: 'message', inputSchema: { type: 'object', properties: { send: { type: 'string', description: 'user user' } } } },
    ]);
    const names = (options: Parameters<typeof createBm25Ranker>[0]): string[] => {
      const ranker = createBm25Ranker(options);
      ranker.index(tools);
      return ranker.search('user. email. message', { limit: 3 }).map((hit) => hit.tool.name);
    };
    expect(names({ coverage: 'off' })).toEqual(['send_email', 'email_send', 'send_send']);
    expect(names({})).toEqual(['send_email', 'send_send', 'email_send']);
    expect(names({ clauseCoveredCredit: 1 })).toEqual(names({ coverage: 'off' }));
  });

  it('picks greedily by normalised full score + the best clause credit, served clauses at 0.9', () => {
    fc.assert(
      fc.property(fc.array(toolInput, { minLength: 2, maxLength: 12 }), request, fc.integer({ min: 1, max: 6 }), (inputs, query, limit) => {
        const tools = toTools(inputs);
        const parts = referenceParts(tools, query);
        const ranker = createBm25Ranker();
        ranker.index(tools);
        const hits = ranker.search(query, { limit, explain: true });
        if (parts === undefined) return;
        const served = parts.clauses.map(() => false);
        const step = (index: number): number =>
          parts.full[index]! + Math.max(0, ...parts.clauses.map((scores, c) => scores[index]! * (served[c] ? 0.9 : 1)));
        const left = new Set(tools.map((_, index) => index).filter((index) => parts.full[index]! > 0));
        expect(hits.length).toBe(Math.min(limit, left.size));
        let previous = Infinity;
        for (const hit of hits) {
          const index = tools.indexOf(hit.tool);
          const best = Math.max(...[...left].map(step));
          // The pick is a best remaining candidate (up to rounding), and its score is its step score.
          expect(close(step(index), best)).toBe(true);
          expect(close(hit.score, best)).toBe(true);
          const { bm25f, clause: clausePart } = hit.explanation!.components;
          expect(close(bm25f! + clausePart!, hit.score)).toBe(true);
          expect(hit.score).toBeLessThanOrEqual(previous);
          previous = hit.score;
          left.delete(index);
          parts.clauses.forEach((scores, c) => {
            if (scores[index]! >= 0.95) served[c] = true;
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves single-clause queries in score order', () => {
    fc.assert(
      fc.property(fc.array(toolInput, { minLength: 1, maxLength: 10 }), clause, (inputs, query) => {
        const tools = toTools(inputs);
        const on = createBm25Ranker();
        const off = createBm25Ranker({ coverage: 'off' });
        on.index(tools);
        off.index(tools);
        expect(on.search(query)).toEqual(off.search(query));
      }),
      { numRuns: 100 },
    );
  });

  it('rejects a credit or share out of range with invalid-option', () => {
    for (const options of [{ clauseCoveredCredit: 1.1 }, { clauseCoveredCredit: -1 }, { clauseCoveredShare: 2 }, { coverage: 'terms' as never }]) {
      let caught: unknown;
      try {
        createBm25Ranker(options);
      } catch (error) {
        caught = error;
      }
      expect(isLoadoutError(caught) && caught.code === 'invalid-option').toBe(true);
    }
  });
});
