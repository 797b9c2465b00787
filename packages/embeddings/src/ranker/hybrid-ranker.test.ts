import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { createCatalog, isLoadoutError } from '@loadout/core';
import { createHybridRanker } from './hybrid-ranker.js';
import { createStubRanker } from './__fixtures__/test-doubles.js';

const catalog = createCatalog(['a', 'b', 'c', 'd', 'e'].map((name) => ({ name })));
const lexicalScores = { a: 10, b: 8, c: 6, d: 2 };
const semanticScores = { a: 0.1, b: 0.5, c: 0.9, d: 0.3, e: 0.95 };

async function setup(options: Parameters<typeof createHybridRanker>[0] extends infer O ? Partial<O> : never = {}) {
  const lexical = createStubRanker('bm25f', lexicalScores);
  const semantic = createStubRanker('embedding', semanticScores);
  const hybrid = createHybridRanker({ lexical, semantic, ...options });
  await hybrid.index(catalog.tools);
  return { lexical, semantic, hybrid };
}

describe('createHybridRanker', () => {
  it('adds min-max normalised scores at 0.75 / 0.25 over the lexical candidates, a keyword match keeping at least 0.1 of its weight', async () => {
    const { hybrid } = await setup();
    expect(hybrid.name).toBe('hybrid');
    const hits = await hybrid.search('q', { limit: 4 });
    const lexical = (score: number) => 0.1 + 0.9 * ((score - 2) / 8);
    const semantic = (score: number) => (score - 0.1) / 0.8;
    const expected = (['a', 'b', 'c', 'd'] as const)
      .map((name) => ({ name, score: 0.75 * lexical(lexicalScores[name]) + 0.25 * semantic(semanticScores[name]) }))
      .sort((left, right) => right.score - left.score);
    expect(hits.map((hit) => hit.tool.name)).toEqual(expected.map((entry) => entry.name));
    hits.forEach((hit, index) => expect(hit.score).toBeCloseTo(expected[index]!.score, 10));
  });

  it('lets the semantic ranker re-score only the lexical top candidates', async () => {
    const { hybrid, semantic, lexical } = await setup({ candidates: 2 });
    const hits = await hybrid.search('q', { limit: 2 });
    expect(lexical.calls[0]!.options.limit).toBe(2);
    expect(semantic.calls).toHaveLength(1);
    expect(hits.map((hit) => hit.tool.name).sort()).toEqual(['a', 'b']);
    const filter = semantic.calls[0]!.options.filter!;
    expect(catalog.tools.filter(filter).map((tool) => tool.name)).toEqual(['a', 'b']);
  });

  it('passes the caller filter to the lexical ranker and fills from the semantic ranker when lexical hits run short', async () => {
    const { hybrid } = await setup();
    const hits = await hybrid.search('q', { limit: 4, filter: (tool) => tool.name !== 'a' && tool.name !== 'b' });
    // e has no keyword match: it follows every tool that has one, below the weakest of them.
    expect(hits.map((hit) => hit.tool.name)).toEqual(['c', 'd', 'e']);
    expect(hits[2]!.score).toBeGreaterThan(0);
    expect(hits[2]!.score).toBeLessThan(hits[1]!.score);
  });

  it('fuses reciprocal ranks with rrf', async () => {
    const { hybrid } = await setup({ fusion: 'rrf', weights: { lexical: 1, semantic: 1 }, rrfK: 10 });
    const hits = await hybrid.search('q', { limit: 5 });
    const lexicalRank = { a: 1, b: 2, c: 3, d: 4 } as Record<string, number>;
    const semanticRank = { e: 1, c: 2, b: 3, d: 4, a: 5 } as Record<string, number>;
    const score = (name: string) => (lexicalRank[name] ? 1 / (10 + lexicalRank[name]) : 0) + 1 / (10 + semanticRank[name]!);
    // e, with no keyword match, follows the four that have one.
    const expected = ['a', 'b', 'c', 'd'].sort((left, right) => score(right) - score(left));
    expect(hits.map((hit) => hit.tool.name)).toEqual([...expected, 'e']);
    hits.slice(0, 4).forEach((hit) => expect(hit.score).toBeCloseTo(score(hit.tool.name), 10));
    expect(hits[4]!.score).toBeLessThan(hits[3]!.score);
  });

  it('explains each component by ranker name, keeping the lexical fields and notes', async () => {
    const { hybrid } = await setup();
    const [hit] = await hybrid.search('q', { limit: 1, explain: true });
    const explanation = hit!.explanation!;
    expect(Object.keys(explanation.components)).toEqual(['bm25f', 'embedding']);
    expect(explanation.components['bm25f']! + explanation.components['embedding']!).toBe(hit!.score);
    expect(explanation.fields).toEqual({ name: lexicalScores.a });
    expect(explanation.matchedTerms).toEqual(['bm25f', 'embedding']);
    expect(explanation.notes).toContain('bm25f note');
  });

  it('says how each part was made, ranking each ranker among the hits its part was computed over', async () => {
    // Lexical a 10, b 8, c 6, d 2; semantic among those four: c 0.9, b 0.5, d 0.3, a 0.1 (e, 0.95, is no keyword match).
    const { hybrid } = await setup();
    const hits = await hybrid.search('q', { limit: 5, explain: true });
    expect(hits.map((hit) => hit.tool.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const [a, , c, d, e] = hits.map((hit) => hit.explanation!.notes);
    expect(c!.slice(0, 3)).toEqual([
      'score fusion: bm25f 0.4125 + embedding 0.2500 = 0.6625',
      'bm25f: score 6.000000, rank 3 of 4 among the keyword matches fused → 0.75 × (0.1 + 0.9 × 0.500) = 0.4125',
      // Rank 1 among the keyword matches, whose scores its part is normalised over; not 2 among every semantic hit (e scores 0.95).
      'embedding: score 0.900000, rank 1 of 4 among the keyword matches fused → 0.25 × 1.000 = 0.2500',
    ]);
    expect(a![2]).toBe('embedding: score 0.100000, rank 4 of 4 among the keyword matches fused → 0.25 × 0.000 = 0.0000');
    expect(d![1]).toBe('bm25f: score 2.000000, rank 4 of 4 among the keyword matches fused → 0.75 × (0.1 + 0.9 × 0.000) = 0.0750');
    expect(e).toEqual([
      "no bm25f match: ranked after every tool that has one, in embedding order, below the weakest keyword match's 0.1375",
      'bm25f: not among its hits → 0',
      `embedding: score 0.950000, rank 1 of 1 among the best tools without a bm25f match → 0.1375 × (1 − 1 + 1) / (1 + 1) = ${hits[4]!.score.toFixed(4)}`,
    ]);
    expect(hits[4]!.score).toBeCloseTo(0.1375 / 2, 12);
    expect(hits[4]!.explanation!.components).toEqual({ bm25f: 0, embedding: hits[4]!.score });
  });

  it('gives tied scores one rank and, for tools without a keyword match, one score', async () => {
    const lexical = createStubRanker('bm25f', { a: 5, b: 5, c: 1 });
    const semantic = createStubRanker('embedding', { a: 0.2, b: 0.2, c: 0.4, d: 0.3, e: 0.3 });
    for (const fusion of ['score', 'rrf'] as const) {
      const hybrid = createHybridRanker({ lexical, semantic, fusion });
      await hybrid.index(catalog.tools);
      const hits = await hybrid.search('q', { limit: 5, explain: true });
      const byName = Object.fromEntries(hits.map((hit) => [hit.tool.name, hit]));
      expect(byName['a']!.explanation!.notes[1]).toMatch(/^bm25f: score 5\.000000, rank 1 \(tied with 1 other\) of 3 among the keyword matches fused/);
      expect(byName['b']!.explanation!.notes[1]).toMatch(/^bm25f: score 5\.000000, rank 1 \(tied with 1 other\) of 3 among the keyword matches fused/);
      expect(byName['a']!.score).toBe(byName['b']!.score);
      expect(byName['d']!.score).toBe(byName['e']!.score);
      expect(byName['d']!.explanation!.notes[2]).toMatch(/rank 1 \(tied with 1 other\) of 2 among the best tools without a bm25f match/);
      expect(hits.map((hit) => hit.tool.name).slice(3).sort()).toEqual(['d', 'e']);
      for (const hit of hits) {
        const parts = Object.values(hit.explanation!.components);
        expect(parts[0]! + parts[1]!, `${fusion} ${hit.tool.name}`).toBe(hit.score);
      }
    }
  });

  it('claims no final rank, so a wrapper that searches in several calls cannot contradict it', async () => {
    const { hybrid } = await setup();
    const first = await hybrid.search('q', { limit: 1, explain: true, filter: (tool) => tool.name === 'd' });
    // d alone: rank 1 of the one keyword match this call fused, with the full parts that gives.
    expect(first[0]!.explanation!.notes.slice(0, 3)).toEqual([
      'score fusion: bm25f 0.7500 + embedding 0.2500 = 1.0000',
      'bm25f: score 2.000000, rank 1 of 1 among the keyword matches fused → 0.75 × (0.1 + 0.9 × 1.000) = 0.7500',
      'embedding: score 0.300000, rank 1 of 1 among the keyword matches fused → 0.25 × 1.000 = 0.2500',
    ]);
    expect(first[0]!.explanation!.notes.some((note) => /fusion, rank/.test(note))).toBe(false);
    // e alone has no keyword match in its call: its whole score, from 1 down, is the semantic part.
    const [other] = await hybrid.search('q', { limit: 1, explain: true, filter: (tool) => tool.name === 'e' });
    expect(other!.score).toBe(0.5);
    expect(other!.explanation!.components).toEqual({ bm25f: 0, embedding: 0.5 });
    expect(other!.explanation!.notes).toEqual([
      'no bm25f match: ranked after every tool that has one, in embedding order, no tool this search fused matched a keyword, so from 1 down',
      'bm25f: not among its hits → 0',
      'embedding: score 0.950000, rank 1 of 1 among the best tools without a bm25f match → 1.0000 × (1 − 1 + 1) / (1 + 1) = 0.5000',
    ]);
  });

  it('keeps both rankers in step on index, add and remove', async () => {
    const { hybrid, lexical, semantic } = await setup();
    expect(hybrid.size).toBe(5);
    await hybrid.remove(['a']);
    expect(lexical.indexed).not.toContain('a');
    expect(semantic.indexed).not.toContain('a');
    await hybrid.add([catalog.tools[0]!]);
    expect(hybrid.size).toBe(5);
    expect(semantic.size).toBe(5);
  });

  it('names components lexical and semantic when both rankers share a name', async () => {
    const hybrid = createHybridRanker({ lexical: createStubRanker('x', lexicalScores), semantic: createStubRanker('x', semanticScores) });
    await hybrid.index(catalog.tools);
    const [hit] = await hybrid.search('q', { explain: true });
    expect(Object.keys(hit!.explanation!.components)).toEqual(['lexical', 'semantic']);
  });

  it('rejects invalid options', () => {
    const lexical = createStubRanker('l', {});
    const semantic = createStubRanker('s', {});
    for (const options of [
      { weights: { lexical: -1 } },
      { weights: { lexical: 0, semantic: 0 } },
      { fusion: 'max' as 'rrf' },
      { candidates: 0 },
      { candidates: 101 },
      { rrfK: -1 },
    ]) {
      let caught: unknown;
      try {
        createHybridRanker({ lexical, semantic, ...options });
      } catch (error) {
        caught = error;
      }
      expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    }
    expect(() => createHybridRanker({ lexical, semantic, weights: { lexical: 0, semantic: 0 } })).toThrow(
      '@loadout/embeddings hybrid ranker: weights must be above 0 for at least one of lexical and semantic, got lexical 0 and semantic 0',
    );
  });

  it('depends on the Ranker contract only, never on the BM25 package', () => {
    const source = readFileSync(new URL('./hybrid-ranker.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/@loadout\/bm25/);
  });
});
