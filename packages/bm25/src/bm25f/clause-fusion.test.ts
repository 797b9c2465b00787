import type { CatalogTool, SearchHit } from '@loadout/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import type { ToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import { TOOL_FIELDS } from '../analyzer/tool-fields.js';
import { splitClauses } from '../clauses/split-clauses.js';
import { WORDS, toTools, toolInput } from './__fixtures__/random-tools.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import type { Bm25RankerOptions } from './bm25-options.js';

interface Settings {
  readonly weights: readonly number[];
  readonly b: readonly number[];
  readonly k1: number;
  readonly clauseWeight: number;
  readonly fuse: boolean;
}

interface Scored {
  readonly index: number;
  readonly score: number;
  readonly full: number;
  readonly best: number;
}

/**
 * Clause fusion written out plainly, as the oracle: every term's BM25F
 * contribution to every tool, the full query and each clause summed per
 * tool, each normalised by its maximum, fused, sorted (ties by position).
 */
function referenceScores(tools: readonly CatalogTool[], analyzer: ToolAnalyzer, query: string, settings: Settings): Scored[] {
  const fields = tools.map((tool) => analyzer.analyzeTool(tool));
  const average = TOOL_FIELDS.map((field) => fields.reduce((sum, doc) => sum + doc[field].length, 0) / tools.length);
  const contribution = (term: string, index: number): number => {
    const doc = fields[index]!;
    const df = fields.filter((other) => TOOL_FIELDS.some((field) => other[field].includes(term))).length;
    let pseudo = 0;
    TOOL_FIELDS.forEach((field, f) => {
      const tf = doc[field].filter((token) => token === term).length;
      const denominator = average[f]! > 0 ? 1 - settings.b[f]! + (settings.b[f]! * doc[field].length) / average[f]! : 1;
      pseudo += tf * (denominator > 0 ? settings.weights[f]! / denominator : 0);
    });
    const saturated = Math.fround(pseudo > 0 ? (pseudo * (settings.k1 + 1)) / (pseudo + settings.k1) : 0);
    return Math.log(1 + (tools.length - df + 0.5) / (df + 0.5)) * saturated;
  };
  const known = (term: string): boolean => fields.some((doc) => TOOL_FIELDS.some((field) => doc[field].includes(term)));
  const full = [...new Set(analyzer.analyzeQuery(query))].filter(known);
  let clauses = settings.fuse && full.length >= 2 ? splitClauses(query).map((piece) => [...new Set(analyzer.analyzeQuery(piece))].filter((term) => full.includes(term))) : [];
  clauses = clauses.filter((clause) => clause.length > 0);
  if (clauses.length < 2) clauses = [];
  const sum = (terms: readonly string[], index: number): number => terms.reduce((total, term) => total + contribution(term, index), 0);
  const fullScores = tools.map((_, index) => sum(full, index));
  const clauseScores = clauses.map((clause) => tools.map((_, index) => sum(clause, index)));
  const maxFull = Math.max(0, ...fullScores);
  const clauseMax = clauseScores.map((scores) => Math.max(0, ...scores));
  const scored: Scored[] = [];
  tools.forEach((_, index) => {
    const raw = fullScores[index]!;
    if (raw <= 0) return;
    if (clauses.length === 0) {
      scored.push({ index, score: raw, full: raw, best: 0 });
      return;
    }
    const best = Math.max(0, ...clauseScores.map((scores, clause) => (clauseMax[clause]! > 0 ? scores[index]! / clauseMax[clause]! : 0)));
    scored.push({ index, score: raw / maxFull + settings.clauseWeight * best, full: raw / maxFull, best });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index);
}

const close = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

/**
 * The hits must be a best-first prefix of the reference: the same scores
 * rank by rank, each hit's reference score equal to its rank's (documents
 * whose scores differ only by rounding may swap), exact ties by position.
 */
function expectReference(hits: readonly SearchHit[], tools: readonly CatalogTool[], expected: readonly Scored[]): void {
  expect(hits.length).toBe(expected.length);
  const byIndex = new Map(expected.map((entry) => [entry.index, entry]));
  hits.forEach((hit, rank) => {
    const entry = byIndex.get(tools.indexOf(hit.tool));
    expect(entry).toBeDefined();
    expect(close(hit.score, expected[rank]!.score)).toBe(true);
    expect(close(entry!.score, expected[rank]!.score)).toBe(true);
    const previous = hits[rank - 1];
    if (previous !== undefined && previous.score === hit.score) expect(tools.indexOf(previous.tool)).toBeLessThan(tools.indexOf(hit.tool));
  });
}

const word = fc.constantFrom(...WORDS);
const clause = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const separator = fc.constantFrom(' then ', '. ', '; ', ', send ', ' and read ', ' also ', ' ');
/** Multi-step requests over the fixture vocabulary; up to 12 clauses, so some take several clause groups. */
const request = (maxClauses: number): fc.Arbitrary<string> =>
  fc.tuple(clause, fc.array(fc.tuple(separator, clause), { maxLength: maxClauses - 1 })).map(([head, rest]) => head + rest.map(([sep, text]) => sep + text).join(''));
const fieldWeight = fc.constantFrom(0, 0.25, 0.5, 1, 4);

describe('clause fusion against a reference scorer', () => {
  const analyzer = createToolAnalyzer();

  it('scores and ranks like the formula for random catalogs, requests, weights, limits and filters', () => {
    fc.assert(
      fc.property(
        fc.array(toolInput, { minLength: 1, maxLength: 14 }),
        request(12),
        // Options refuse weights that leave no field to match (invalid-option); the usage field
        // counts only with a usage function, which this test does not pass.
        fc
          .array(fieldWeight, { minLength: 6, maxLength: 6 })
          .filter((weights) => weights.some((weight, index) => weight > 0 && TOOL_FIELDS[index] !== 'usage')),
        fc.constantFrom(0.5, 1, 2),
        fc.integer({ min: 1, max: 8 }),
        fc.option(fc.integer({ min: 2, max: 5 })),
        (inputs, query, weights, clauseWeight, limit, keepEvery) => {
          const tools = toTools(inputs);
          const options: Bm25RankerOptions = {
            fieldWeights: Object.fromEntries(TOOL_FIELDS.map((field, index) => [field, weights[index]!])),
            clauseWeight,
            coverage: 'off',
          };
          const ranker = createBm25Ranker(options);
          ranker.index(tools);
          const filter = keepEvery === null ? undefined : (tool: CatalogTool): boolean => tools.indexOf(tool) % keepEvery !== 0;
          const settings: Settings = { weights, b: [0.9, 0.6, 0.6, 0.6, 0.6, 0.5], k1: 2, clauseWeight, fuse: true };
          const expected = referenceScores(tools, analyzer, query, settings)
            .filter((entry) => filter === undefined || filter(tools[entry.index]!))
            .slice(0, limit);
          const hits = ranker.search(query, { limit, ...(filter === undefined ? {} : { filter }) });
          expectReference(hits, tools, expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('explains each hit as its normalised full score plus its weighted best clause', () => {
    fc.assert(
      fc.property(fc.array(toolInput, { minLength: 1, maxLength: 12 }), request(10), (inputs, query) => {
        const tools = toTools(inputs);
        const ranker = createBm25Ranker({ coverage: 'off' });
        ranker.index(tools);
        const settings: Settings = { weights: [4, 1, 0.5, 0.5, 0.25, 1], b: [0.9, 0.6, 0.6, 0.6, 0.6, 0.5], k1: 2, clauseWeight: 1, fuse: true };
        const expected = referenceScores(tools, analyzer, query, settings);
        const hits = ranker.search(query, { limit: 10, explain: true });
        expectReference(hits, tools, expected.slice(0, 10));
        const byIndex = new Map(expected.map((entry) => [entry.index, entry]));
        for (const hit of hits) {
          const entry = byIndex.get(tools.indexOf(hit.tool))!;
          const { bm25f, clause: clausePart } = hit.explanation!.components;
          if (clausePart === undefined) {
            expect(close(bm25f!, entry.score)).toBe(true);
            continue;
          }
          expect(close(bm25f!, entry.full)).toBe(true);
          expect(close(clausePart, entry.best)).toBe(true);
          expect(hit.explanation!.notes.length).toBe(entry.best > 0 ? 1 : 0);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('scores plain BM25F like the formula when clause fusion is off', () => {
    fc.assert(
      fc.property(fc.array(toolInput, { minLength: 1, maxLength: 12 }), request(6), fc.integer({ min: 1, max: 8 }), (inputs, query, limit) => {
        const tools = toTools(inputs);
        const ranker = createBm25Ranker({ multiIntent: 'off' });
        ranker.index(tools);
        const settings: Settings = { weights: [4, 1, 0.5, 0.5, 0.25, 1], b: [0.9, 0.6, 0.6, 0.6, 0.6, 0.5], k1: 2, clauseWeight: 1, fuse: false };
        expectReference(ranker.search(query, { limit }), tools, referenceScores(tools, analyzer, query, settings).slice(0, limit));
      }),
      { numRuns: 150 },
    );
  });

  it('gives every query the results of a fresh ranker, whatever ran before (buffers are reused)', () => {
    const strip = (hits: readonly SearchHit[]): [string, number][] => hits.map((hit) => [hit.tool.displayName, hit.score]);
    const failing = (): boolean => {
      throw new Error('filter failed');
    };
    fc.assert(
      fc.property(
        fc.array(toolInput, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(request(10), fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 4 })), { minLength: 2, maxLength: 6 }),
        (inputs, queries) => {
          const tools = toTools(inputs);
          for (const options of [{}, { coverage: 'off' as const }, { multiIntent: 'off' as const }]) {
            const reused = createBm25Ranker(options);
            reused.index(tools);
            for (const [query, explain, throwing, limit] of queries) {
              if (throwing) {
                try {
                  reused.search(query, { filter: failing });
                } catch {
                  // A filter that throws mid-ranking must not leave stale scores behind.
                }
              }
              const fresh = createBm25Ranker(options);
              fresh.index(tools);
              expect(strip(reused.search(query, { limit, explain }))).toEqual(strip(fresh.search(query, { limit })));
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ties tools that each top a clause exactly, so they rank by position (fast-check seed -1554457920)', () => {
    // Normalising by multiplying with 1 / max left `x · (1 / x)` one ulp below 1 for some clauses, which put
    // `send_list` above the equally scored `email_list` and changed which tools made the cut.
    const names = ['read_email', 'send_email', 'list_send', 'email_list', 'list_email', 'send_list', 'send_read'];
    const tools = toTools(names.map((name) => ({ name, server: 'alpha', description: name === 'send_email' ? 'list' : '' })));
    const weights = [0.25, 0, 0, 0, 0, 0];
    const ranker = createBm25Ranker({ fieldWeights: Object.fromEntries(TOOL_FIELDS.map((field, index) => [field, weights[index]!])), clauseWeight: 2, coverage: 'off' });
    ranker.index(tools);
    const hits = ranker.search('send then list then then email send', { limit: 5 });
    expect(hits.map((hit) => hit.tool.name)).toEqual(['send_email', 'list_send', 'email_list', 'list_email', 'send_list']);
    expect(new Set(hits.slice(1).map((hit) => hit.score)).size).toBe(1);
  });
});
