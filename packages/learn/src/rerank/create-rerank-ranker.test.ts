import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import type { SyncTextVectors } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { createBm25Ranker } from '@loadout/bm25';
import { createRerankRanker, extractRerankCandidates } from './create-rerank-ranker.js';
import { LEXICAL_RERANK_MODEL } from './lexical-rerank-model.js';
import { compileRerankModel, scoreRerankFeatures } from './rerank-model.js';
import type { RerankModel } from './rerank-model.js';
import { FEATURES, RERANK_FEATURES, ROW_WIDTH } from './rerank-features.js';

const tools = [
  makeTool({ name: 'send_email', server: 'mail', description: 'Send an email message to a recipient', inputSchema: { type: 'object', properties: { to: { type: 'string', description: 'recipient address' } } } }),
  makeTool({ name: 'read_email', server: 'mail', description: 'Read an email from the inbox' }),
  makeTool({ name: 'post_message', server: 'slack', description: 'Post a message to a channel' }),
  makeTool({ name: 'list_files', server: 'files', description: 'List the files of a folder' }),
  makeTool({ name: 'email_digest', server: null, description: '' }),
];

/** A linear model that only reads the named features (weight each), features unscaled. */
function linearModel(weights: Record<string, number>): RerankModel {
  return {
    format: 'loadout-rerank-v1',
    kind: 'linear',
    features: [...RERANK_FEATURES],
    mean: RERANK_FEATURES.map(() => 0),
    scale: RERANK_FEATURES.map(() => 1),
    linear: RERANK_FEATURES.map((name) => weights[name] ?? 0),
  };
}

const column = (name: string): number => FEATURES.indexOf(name);

/** Toy word vectors: one axis per word of a small vocabulary, a text's vector the normalised count of its words. */
function toyVectors(): SyncTextVectors & { calls: number } {
  const words = ['email', 'message', 'files', 'folder', 'channel'];
  const embedText = (text: string): Float32Array => {
    const vector = new Float32Array(words.length);
    for (const word of text.toLowerCase().split(/[^a-z]+/)) if (words.includes(word)) vector[words.indexOf(word)]! += 1;
    const norm = Math.hypot(...vector);
    return norm === 0 ? vector : vector.map((value) => value / norm);
  };
  const vectors = {
    dimensions: words.length,
    calls: 0,
    embedText,
    embedTools(list: readonly { description: string }[]) {
      vectors.calls++;
      const out = new Float32Array(list.length * words.length);
      list.forEach((tool, index) => out.set(embedText(tool.description), index * words.length));
      return out;
    },
  };
  return vectors;
}

describe('extractRerankCandidates', () => {
  it('reads per-field scores, coverage and name matches off the BM25F postings', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    const found = extractRerankCandidates(ranker, 'send email');
    expect(found.tools[0]!.name).toBe('send_email');
    expect(found.features.length).toBe(found.tools.length * ROW_WIDTH);
    const row = (name: string): Float64Array => {
      const at = found.tools.findIndex((tool) => tool.name === name);
      return found.features.subarray(at * ROW_WIDTH, (at + 1) * ROW_WIDTH);
    };
    const send = row('send_email');
    expect(send[column('firstStage')]).toBe(1);
    expect(send[column('firstStageRank')]).toBe(1);
    expect(send[column('cover')]).toBeCloseTo(1, 12);
    expect(send[column('cover.name')]).toBeCloseTo(1, 12);
    expect(send[column('nameAll')]).toBe(1);
    expect(send[column('nameShare')]).toBe(1);
    expect(send[column('full.name')]).toBeGreaterThan(0);
    expect(send[column('full.server')]).toBe(0);
    expect(send[column('sameServerTop10')]).toBeGreaterThan(0);
    const read = row('read_email');
    expect(read[column('nameAll')]).toBe(0);
    expect(read[column('cover')]).toBeGreaterThan(0);
    expect(read[column('cover')]).toBeLessThan(1);
    const digest = row('email_digest');
    expect(digest[column('noDescription')]).toBe(1);
    expect(digest[column('descriptionLength')]).toBe(0);
    // One clause: the query is its own best clause.
    expect(send[column('clause')]).toBe(1);
    expect(send[column('clauses')]).toBe(0);
  });

  it('scores each clause of a multi-step query and keeps the best one per tool', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    const found = extractRerankCandidates(ranker, 'send an email to Bob, then list the files of my folder');
    const at = found.tools.findIndex((tool) => tool.name === 'list_files');
    const row = found.features.subarray(at * ROW_WIDTH, (at + 1) * ROW_WIDTH);
    expect(row[column('clauses')]).toBeCloseTo(Math.log1p(2), 12);
    expect(row[column('clause')]).toBeCloseTo(1, 12);
    expect(row[column('clauseCover')]).toBeCloseTo(1, 12);
    expect(row[column('cover')]).toBeLessThan(1);
  });

  it('fills the word-vector features of the same rows when given vectors (0 without), the lexical ones unchanged', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    const vectors = toyVectors();
    const found = extractRerankCandidates(ranker, 'email message, then list the files of the folder', 50, vectors);
    const lexical = extractRerankCandidates(ranker, 'email message, then list the files of the folder');
    expect(found.features.length).toBe(found.tools.length * ROW_WIDTH);
    const lexicalWidth = RERANK_FEATURES.length;
    const row = (name: string): Float64Array => {
      const at = found.tools.findIndex((tool) => tool.name === name);
      expect(Array.from(found.features.subarray(at * ROW_WIDTH, at * ROW_WIDTH + lexicalWidth))).toEqual(Array.from(lexical.features.subarray(at * ROW_WIDTH, at * ROW_WIDTH + lexicalWidth)));
      expect(lexical.features[at * ROW_WIDTH + column('vector.query')]).toBe(0);
      return found.features.subarray(at * ROW_WIDTH, (at + 1) * ROW_WIDTH);
    };
    // list_files ("List the files of a folder"): its vector is the second clause's exactly.
    expect(row('list_files')[column('vector.clause')]).toBeCloseTo(1, 6);
    expect(row('list_files')[column('vector.query')]).toBeLessThan(0.9);
    const best = Math.max(...found.tools.map((_, at) => found.features[at * ROW_WIDTH + column('vector.query')]!));
    expect(row('post_message')[column('vector.queryVsBest')]).toBeCloseTo(row('post_message')[column('vector.query')]! - best, 12);
    // The catalog is embedded once, not per query.
    extractRerankCandidates(ranker, 'read email', 50, vectors);
    expect(vectors.calls).toBe(1);
  });

  it('returns no candidates for a query with no known term', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    expect(extractRerankCandidates(ranker, 'zebra').tools).toEqual([]);
  });
});

describe('createRerankRanker', () => {
  it('keeps the first stage order under a model of the first-stage score alone', () => {
    const reranker = createRerankRanker({ model: linearModel({ firstStage: 1 }) });
    const plain = createBm25Ranker();
    reranker.index(tools);
    plain.index(tools);
    const names = (hits: readonly { tool: { name: string } }[]): string[] => hits.map((hit) => hit.tool.name);
    expect(names(reranker.search('email message', { limit: 5 }))).toEqual(names(plain.search('email message', { limit: 5 })));
  });

  it('re-orders the candidates by the model: here tools without a description first', () => {
    const reranker = createRerankRanker({ model: linearModel({ firstStage: 1, noDescription: 5 }) });
    reranker.index(tools);
    expect(reranker.search('email', { limit: 3 })[0]!.tool.name).toBe('email_digest');
    expect(reranker.search('email', { limit: 3, filter: (tool) => tool.name !== 'email_digest' })[0]!.tool.name).not.toBe('email_digest');
  });

  it("re-scores the model's own candidates cut unless told otherwise, and refuses a bad one", () => {
    const plain = createBm25Ranker();
    plain.index(tools);
    const firstStageTop = plain.search('email', { limit: 1 })[0]!.tool.name;
    expect(firstStageTop).not.toBe('email_digest');
    const model = { ...linearModel({ firstStage: 1, noDescription: 5 }), candidates: 1 };
    const own = createRerankRanker({ model });
    own.index(tools);
    expect(own.search('email', { limit: 1 })[0]!.tool.name).toBe(firstStageTop);
    const told = createRerankRanker({ model, candidates: 50 });
    told.index(tools);
    expect(told.search('email', { limit: 1 })[0]!.tool.name).toBe('email_digest');
    expect(() => createRerankRanker({ model: { ...model, candidates: 0 } })).toThrow(/candidates must be an integer/);
  });

  it('explains a hit by each feature contribution, summing to its score', () => {
    const reranker = createRerankRanker({ model: LEXICAL_RERANK_MODEL });
    reranker.index(tools);
    const [hit] = reranker.search('send an email', { limit: 1, explain: true });
    const parts = Object.values(hit!.explanation!.components).reduce((sum, value) => sum + value, 0);
    expect(parts).toBeCloseTo(hit!.score, 9);
    expect(Object.keys(hit!.explanation!.components).some((key) => key.startsWith('feature.'))).toBe(true);
    expect(hit!.explanation!.notes.at(-1)).toMatch(/^re-ranked \(mlp\) from first-stage rank \d+/);
    expect(hit!.explanation!.matchedTerms).toContain('email');
  });

  it('answers like the scores it gives candidates (scoreRerankFeatures)', () => {
    const reranker = createRerankRanker({ model: LEXICAL_RERANK_MODEL });
    reranker.index(tools);
    const first = createBm25Ranker();
    first.index(tools);
    const found = extractRerankCandidates(first, 'read my email inbox');
    const scores = scoreRerankFeatures(compileRerankModel(LEXICAL_RERANK_MODEL), found.features);
    const best = found.tools[scores.indexOf(Math.max(...scores))]!;
    expect(reranker.search('read my email inbox', { limit: 1 })[0]!.tool).toBe(best);
  });

  it('reads any subset of the registry, in any order, by name', () => {
    const subset: RerankModel = { format: 'loadout-rerank-v1', kind: 'linear', features: ['noDescription', 'firstStage'], mean: [0, 0], scale: [1, 1], linear: [5, 1] };
    const reranker = createRerankRanker({ model: subset });
    const full = createRerankRanker({ model: linearModel({ firstStage: 1, noDescription: 5 }) });
    reranker.index(tools);
    full.index(tools);
    const [hit] = reranker.search('email', { limit: 1, explain: true });
    expect(hit!.tool.name).toBe('email_digest');
    expect(hit!.score).toBeCloseTo(full.search('email', { limit: 1 })[0]!.score, 12);
    expect(Object.keys(hit!.explanation!.components)).toEqual(['feature.noDescription', 'feature.firstStage']);
  });

  it('needs vectors for a model with word-vector features, and scores with them', () => {
    const names = FEATURES;
    const model: RerankModel = {
      format: 'loadout-rerank-v1',
      kind: 'linear',
      features: [...names],
      mean: names.map(() => 0),
      scale: names.map(() => 1),
      linear: names.map((name) => (name === 'vector.clause' ? 1 : 0)),
    };
    let error: unknown;
    try {
      createRerankRanker({ model });
    } catch (caught) {
      error = caught;
    }
    expect(isLoadoutError(error) && error.code).toBe('invalid-option');
    const reranker = createRerankRanker({ model, vectors: toyVectors() });
    reranker.index(tools);
    const [hit] = reranker.search('the files in my folder', { limit: 1, explain: true });
    expect(hit!.tool.name).toBe('list_files');
    expect(hit!.explanation!.components['feature.vector.clause']).toBeCloseTo(1, 6);
  });

  it('shares the first stage index: add, remove and a saved blob', () => {
    const reranker = createRerankRanker({ model: LEXICAL_RERANK_MODEL });
    reranker.index(tools.slice(0, 3));
    reranker.add([tools[3]!]);
    expect(reranker.size).toBe(4);
    reranker.remove(['mail__send_email'.replace('mail__', 'mcp__mail__')]);
    const blob = reranker.serialize();
    const restored = createRerankRanker({ model: LEXICAL_RERANK_MODEL });
    restored.load(blob, tools.slice(0, 4).filter((tool) => tool.displayName !== 'mcp__mail__send_email'));
    expect(restored.search('list files', { limit: 2 }).map((hit) => hit.tool.name)).toEqual(reranker.search('list files', { limit: 2 }).map((hit) => hit.tool.name));
  });
});

describe('compileRerankModel', () => {
  it('accepts the shipped model, trained on exactly the features this version extracts', () => {
    expect(LEXICAL_RERANK_MODEL.features).toEqual(RERANK_FEATURES);
    expect(compileRerankModel(LEXICAL_RERANK_MODEL).kind).toBe(LEXICAL_RERANK_MODEL.kind);
  });

  it('refuses other formats, features the registry lacks or repeats and non-numbers with invalid-option', () => {
    const bad: unknown[] = [
      null,
      { ...linearModel({}), format: 'v0' },
      { ...linearModel({}), features: ['x'] },
      { ...linearModel({}), linear: [1] },
      { ...linearModel({}), mean: RERANK_FEATURES.map(() => Number.NaN) },
      { ...linearModel({}), kind: 'mlp', output: [] },
      { ...linearModel({}), features: [...RERANK_FEATURES.slice(1), 'neighbour.nameForm'] },
      { ...linearModel({}), features: [...RERANK_FEATURES.slice(1), 'cover'] },
    ];
    for (const model of bad) {
      let error: unknown;
      try {
        compileRerankModel(model);
      } catch (caught) {
        error = caught;
      }
      expect(isLoadoutError(error) && error.code).toBe('invalid-option');
    }
  });
});
