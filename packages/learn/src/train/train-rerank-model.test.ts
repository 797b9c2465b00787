import { describe, expect, it } from 'vitest';
import { createBm25Ranker } from '@loadout/bm25';
import { createRerankRanker, extractRerankCandidates } from '../rerank/create-rerank-ranker.js';
import { RERANK_FEATURES, ROW_WIDTH } from '../rerank/rerank-features.js';
import { compileRerankModel, scoreRerankFeatures } from '../rerank/rerank-model.js';
import { makeTool } from '@loadout/core/test';
import { seededRandom } from '@loadout/eval';
import { trainRerankModel } from './train-rerank-model.js';
import { toTrainingQuery } from './training-query.js';
import type { TrainingQuery } from './training-query.js';

const F = ROW_WIDTH;
const signal = RERANK_FEATURES.indexOf('cover.description');

/** Random candidates whose gold is the one with the highest `cover.description` (the first stage's order is noise). */
function syntheticQueries(count: number, seed: number): TrainingQuery[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const rows = 12;
    const features = new Float64Array(rows * F);
    for (let index = 0; index < features.length; index++) features[index] = random();
    let gold = 0;
    for (let row = 1; row < rows; row++) if (features[row * F + signal]! > features[gold * F + signal]!) gold = row;
    const labels = new Uint8Array(rows);
    labels[gold] = 1;
    return { features, labels };
  });
}

function topOneAccuracy(model: ReturnType<typeof trainRerankModel>, queries: readonly TrainingQuery[]): number {
  let right = 0;
  for (const query of queries) {
    const scores = scoreRerankFeatures(compileRerankModel(model), query.features, query.labels.length);
    const best = scores.indexOf(Math.max(...scores));
    right += query.labels[best]!;
  }
  return right / queries.length;
}

describe('trainRerankModel', () => {
  it('learns which feature marks the gold candidate, linear and MLP, on queries it never saw', () => {
    const train = syntheticQueries(200, 1);
    const test = syntheticQueries(100, 2);
    for (const kind of ['linear', 'mlp'] as const) {
      const model = trainRerankModel(train, { kind });
      expect(model.features).toEqual(RERANK_FEATURES);
      // Chance is 1 in 12; the gold is the argmax of one feature among 12 uniform values.
      expect(topOneAccuracy(model, test)).toBeGreaterThan(0.6);
    }
  });

  it('trains with softmax + LambdaRank: it learns the signal too, deterministically, and differently from the softmax alone', () => {
    const train = syntheticQueries(200, 1);
    const test = syntheticQueries(100, 2);
    for (const kind of ['linear', 'mlp'] as const) expect(topOneAccuracy(trainRerankModel(train, { kind, loss: 'softmax+lambda' }), test)).toBeGreaterThan(0.6);
    const small = syntheticQueries(40, 3);
    const mixed = JSON.stringify(trainRerankModel(small, { epochs: 5, loss: 'softmax+lambda' }));
    expect(JSON.stringify(trainRerankModel(small, { epochs: 5, loss: 'softmax+lambda' }))).toBe(mixed);
    expect(JSON.stringify(trainRerankModel(small, { epochs: 5 }))).not.toBe(mixed);
  });

  it('reads the features it is told, by name, from every registry column', () => {
    const names = ['cover.description', 'firstStage'];
    const model = trainRerankModel(syntheticQueries(200, 1), { kind: 'linear', features: names });
    expect(model.features).toEqual(names);
    expect(topOneAccuracy(model, syntheticQueries(100, 2))).toBeGreaterThan(0.6);
    expect(() => trainRerankModel([], { features: ['neighbour.nameForm'] })).toThrow(RangeError);
  });

  it('is deterministic: the same queries give the same file', () => {
    const queries = syntheticQueries(40, 3);
    const first = JSON.stringify(trainRerankModel(queries, { epochs: 5 }));
    expect(JSON.stringify(trainRerankModel(queries, { epochs: 5 }))).toBe(first);
  });

  it('trains end to end on a tiny catalog: a model fitted on its labelled queries ranks their tools first', () => {
    const tools = [
      makeTool({ name: 'write_file', description: 'Write text to a path' }),
      makeTool({ name: 'read_file', description: 'Read a file and save nothing' }),
      makeTool({ name: 'save_note', description: 'Save a note' }),
      makeTool({ name: 'list_dir', description: 'List a folder' }),
    ];
    const ranker = createBm25Ranker();
    ranker.index(tools);
    const labelled = [
      { query: 'save it to a file', relevant: ['write_file'] },
      { query: 'save the text in a file', relevant: ['write_file'] },
      { query: 'file save please', relevant: ['write_file'] },
    ];
    const queries = labelled.flatMap((item) => toTrainingQuery(extractRerankCandidates(ranker, item.query), item.relevant) ?? []);
    expect(queries).toHaveLength(3);
    const model = trainRerankModel(queries, { kind: 'linear', epochs: 200, l2: 0 });
    const reranker = createRerankRanker({ model });
    reranker.index(tools);
    expect(reranker.search('save it to a file', { limit: 1 })[0]!.tool.name).toBe('write_file');
    expect(toTrainingQuery(extractRerankCandidates(ranker, 'zebra'), ['write_file'])).toBeUndefined();
  });

  it('warm-starts from init: zero epochs return its weights, training moves them, and L2 pulls toward them rather than toward 0', () => {
    const train = syntheticQueries(60, 4);
    const base = trainRerankModel(train, { kind: 'mlp', epochs: 10 });
    const same = trainRerankModel(syntheticQueries(20, 5), { init: base, epochs: 0 });
    expect(same.kind).toBe('mlp');
    expect(same.hidden).toEqual(base.hidden);
    expect(same.linear).toEqual(base.linear);
    expect(same.mean).toEqual(base.mean);
    const tuned = trainRerankModel(syntheticQueries(20, 5), { init: base, epochs: 5 });
    expect(tuned.hidden).toHaveLength(base.hidden!.length);
    expect(tuned.hidden).not.toEqual(base.hidden);
    // A huge L2 toward the init keeps the weights near it; the same L2 toward 0 (a cold start) shrinks them.
    const anchored = trainRerankModel(syntheticQueries(20, 5), { init: base, epochs: 20, l2: 10 });
    const cold = trainRerankModel(syntheticQueries(20, 5), { kind: 'mlp', epochs: 20, l2: 10 });
    const distance = (a: readonly number[], b: readonly number[]): number => Math.hypot(...a.map((value, index) => value - b[index]!));
    const norm = (a: readonly number[]): number => Math.hypot(...a);
    expect(distance(anchored.linear, base.linear)).toBeLessThan(0.5 * distance(cold.linear, base.linear));
    expect(norm(cold.linear)).toBeLessThan(0.5 * norm(anchored.linear));
  });

  it('standardises over the queries the features the init never saw, their weights starting at 0', () => {
    const constant = RERANK_FEATURES.indexOf('full.usage');
    const flat = syntheticQueries(40, 6).map((query) => {
      const features = query.features.slice();
      for (let row = 0; row < query.labels.length; row++) features[row * F + constant] = 0;
      return { ...query, features };
    });
    const base = trainRerankModel(flat, { kind: 'linear', epochs: 5 });
    expect(base.scale[constant]).toBe(0);
    const tuned = trainRerankModel(syntheticQueries(40, 7), { init: base, epochs: 0 });
    expect(tuned.scale[constant]).toBeGreaterThan(0);
    expect(tuned.linear[constant]).toBe(0);
    expect(tuned.scale[signal]).toBe(base.scale[signal]);
    expect(() => trainRerankModel(flat, { init: { ...base, linear: [1] } })).toThrow(/linear/);
  });
});
