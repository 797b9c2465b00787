import { describe, expect, it } from 'vitest';
import * as first from '@loadout/bm25';
import * as rerank from '../rerank/index.js';

const bm25 = { ...first, ...rerank };
import { createCatalog } from '@loadout/core';
import { createLearnedReranker, eventTrainingQueries, fitRerankOnEvents, trainOnEvents } from './fit-reranker.js';
import { blendRerankModels } from './blend-models.js';
import { widenModel } from './widen-model.js';
import { withoutSiblingFeatures } from './without-sibling-features.js';
import { learnFromFeedback } from './learn-from-feedback.js';
import type { LearningReport } from './learn-from-feedback.js';
import { trainRerankModel } from '../train/train-rerank-model.js';

const { tools } = createCatalog([
  { name: 'write_file', server: 'fs', description: 'Write content to a file' },
  { name: 'save_presentation', server: 'ppt', description: 'Save the presentation' },
  { name: 'save_chart', server: 'chart', description: 'Save a chart image' },
  { name: 'search_web', server: 'web', description: 'Search the web' },
]);

const events = [
  'save the summary as markdown',
  'save my notes as markdown',
  'save the report in markdown',
  'save this list as markdown',
  'save the answer as markdown',
  'search the web for news',
  'look up the weather on the web',
  'save the slides',
  'save the chart as png',
  'write the text to a file',
].map((query) => ({ query, called: [query.includes('web') ? 'search_web' : query.includes('slides') ? 'save_presentation' : query.includes('chart') ? 'save_chart' : 'write_file'] }));

/** Toy word vectors (`RerankVectors`): each word hashed onto one of 8 axes, a text's vector its normalised counts. */
function hashedVectors(): rerank.RerankVectors {
  const embedText = (text: string): Float32Array => {
    const vector = new Float32Array(8);
    for (const word of text.toLowerCase().split(/[^a-z]+/).filter(Boolean)) vector[[...word].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 8]! += 1;
    const norm = Math.hypot(...vector);
    return norm === 0 ? vector : vector.map((value) => value / norm);
  };
  return {
    dimensions: 8,
    embedText,
    embedTools: (list) => {
      const out = new Float32Array(list.length * 8);
      list.forEach((tool, index) => out.set(embedText(`${tool.name} ${tool.description}`), index * 8));
      return out;
    },
  };
}

describe('fitRerankOnEvents', () => {
  const fitting = { bm25, tools, bm25Options: undefined, usageField: undefined, usageWeight: 1 };

  it('fits a model on the events, deterministically, that the learned ranker uses with exact names first', () => {
    const model = fitRerankOnEvents(fitting, events);
    expect(model?.features).toEqual(bm25.RERANK_FEATURES);
    expect(JSON.stringify(fitRerankOnEvents(fitting, events))).toBe(JSON.stringify(model));
    const ranker = createLearnedReranker(fitting, events, model!);
    expect(ranker.search('save the minutes as markdown')[0]?.tool.name).toBe('write_file');
    expect(ranker.search('save_chart')[0]?.tool.name).toBe('save_chart');
    expect(ranker.search('save it', { limit: 2, explain: true })[0]?.explanation?.notes.join(' ')).toContain('re-ranked');
  });

  it('warm-starts from a base model: the fit keeps its shape, moves away from it, and differs from a fit from scratch', () => {
    const base = bm25.LEXICAL_RERANK_MODEL;
    const warm = fitRerankOnEvents({ ...fitting, baseModel: base }, events)!;
    const cold = fitRerankOnEvents(fitting, events)!;
    expect(warm.kind).toBe(base.kind);
    expect(warm.hidden).toHaveLength(base.hidden!.length);
    expect(warm.hidden).not.toEqual(base.hidden);
    // 10 events fit a linear model from scratch; the warm start stays the base's MLP.
    expect(cold.kind).toBe('linear');
    // Usage features the base never standardised are standardised over the log.
    const usage = base.features.indexOf('full.usage');
    expect(base.scale[usage]).toBe(0);
    expect(warm.scale[usage]).toBeGreaterThan(0);
    const ranker = createLearnedReranker(fitting, events, warm);
    expect(ranker.search('save_chart')[0]?.tool.name).toBe('save_chart');
  });

  it('fits with word-vector features when given vectors, from scratch or warm-started from a model with them', () => {
    const vectors = hashedVectors();
    const cold = fitRerankOnEvents({ ...fitting, vectors }, events)!;
    expect(cold.features).toEqual(bm25.RERANK_VECTOR_FEATURES);
    expect(cold.scale[bm25.RERANK_VECTOR_FEATURES.indexOf('vector.query')]).toBeGreaterThan(0);
    const ranker = createLearnedReranker({ ...fitting, vectors }, events, cold);
    expect(ranker.search('save the minutes as markdown')[0]?.tool.name).toBe('write_file');
    const base = trainRerankModel([], { kind: 'mlp', units: 2, epochs: 0, features: 'vectors' });
    const warm = fitRerankOnEvents({ ...fitting, vectors, baseModel: base }, events)!;
    expect(warm.features).toEqual(bm25.RERANK_VECTOR_FEATURES);
    expect(warm.output).toHaveLength(2);
    // A blend averages the warm fit (2 units) and the cold one (linear, 10 events).
    const blend = fitRerankOnEvents({ ...fitting, vectors, baseModel: base, blend: true }, events)!;
    expect(blend.output).toHaveLength(2);
    expect(blend.output).toEqual(warm.output!.map((weight) => weight / 2));
  });

  it('has nothing to learn when no called tool is ever among the candidates', () => {
    expect(fitRerankOnEvents(fitting, [{ query: 'zebra', called: ['write_file'] }])).toBeUndefined();
  });
});

describe('learnFromFeedback with the re-ranker', () => {
  it('judges usage + re-ranker on the same held-out windows and reports it; rerank: false skips it', async () => {
    const tried = await learnFromFeedback({ tools, events: [...events, ...events], heldOutShare: 0.2, windows: 2 });
    expect(tried.report.reranked?.['recall@5']).toBeGreaterThanOrEqual(0);
    expect(typeof tried.report.rerank).toBe('boolean');
    expect(tried.model !== undefined).toBe(tried.report.rerank);
    expect((await tried.ranker.search('write_file'))[0]?.tool.name).toBe('write_file');
    const skipped = await learnFromFeedback({ tools, events: [...events, ...events], heldOutShare: 0.2, windows: 2, rerank: false });
    expect(skipped.report.reranked).toBeUndefined();
    expect(skipped.report.rerank).toBe(false);
    expect(skipped.model).toBeUndefined();
  });

  it('judges the blend of the fits warm-started from the base model (default: the shipped model) and from scratch; choose: both on the same windows', async () => {
    const log = [...events, ...events];
    const blend = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, siblings: false });
    expect(blend.report.rerankFits?.map((fit) => fit.warmStart)).toEqual([true]);
    if (blend.model !== undefined) expect(blend.model.hidden!.length).toBeGreaterThan(bm25.LEXICAL_RERANK_MODEL.hidden!.length);
    const both = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, warmStart: 'choose', siblings: false });
    expect(both.report.rerankFits?.map((fit) => fit.warmStart)).toEqual([false, true]);
    const best = both.report.rerankFits![both.report.warmStart ? 1 : 0]!;
    expect(both.report.reranked).toEqual(best.scores);
    const scratch = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, baseModel: null, siblings: false });
    expect(scratch.report.rerankFits?.map((fit) => fit.warmStart)).toEqual([false]);
    expect(scratch.report.warmStart).toBe(false);
    await expect(learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, baseModel: { ...bm25.LEXICAL_RERANK_MODEL, features: ['x'] } })).rejects.toMatchObject({ code: 'invalid-option' });
  });

  it('learns with word vectors: warm-started from the shipped GloVe model unless told, the warm fit alone or blended on request', async () => {
    const log = [...events, ...events];
    const vectors = hashedVectors();
    const both = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, vectors, warmStart: 'choose', siblings: false });
    expect(both.report.rerankFits?.map((fit) => fit.warmStart)).toEqual([false, true]);
    if (both.model !== undefined) expect(both.model.features).toEqual(bm25.rerankFeatureList({ vectors: true, neighbours: true }));
    expect((await both.ranker.search('save_chart'))[0]?.tool.name).toBe('save_chart');
    const always = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, vectors, warmStart: 'always', siblings: false });
    expect(always.report.rerankFits?.map((fit) => fit.warmStart)).toEqual([true]);
    const blend = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, vectors, warmStart: 'blend', rerank: true, siblings: false });
    expect(blend.report.rerankFits?.map((fit) => fit.warmStart)).toEqual([true]);
    // A lexical base starts the word-vector features at weight 0; a model of other features is refused.
    const lexical = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, vectors, baseModel: bm25.LEXICAL_RERANK_MODEL, warmStart: 'always', siblings: false });
    if (lexical.model !== undefined) expect(lexical.model.features).toEqual(bm25.rerankFeatureList({ vectors: true, neighbours: true }));
    await expect(learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, vectors, baseModel: { ...bm25.LEXICAL_RERANK_MODEL, features: ['x'] } })).rejects.toMatchObject({ code: 'invalid-option' });
  });

  it('blends each fit with sibling features with its twin without them (by default), exactly', async () => {
    const log = [...events, ...events];
    const blend = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, rerank: true });
    expect(blend.report.rerankFits?.map((fit) => [fit.warmStart, fit.siblings])).toEqual([[true, true]]);
    if (blend.model !== undefined) expect(blend.model.features).toEqual(bm25.rerankFeatureList({ neighbours: true, siblings: true }));
    // The twin's model is the mean of the two fits, the one without sibling features widened with zero weights.
    const fitting = { bm25, tools, bm25Options: undefined, usageField: undefined, usageWeight: 1 };
    const wide = { ...fitting, siblings: true };
    const queries = eventTrainingQueries(wide, log);
    const narrow = trainOnEvents(fitting, withoutSiblingFeatures(queries, bm25.RERANK_FEATURES.length, bm25.RERANK_SIBLING_FEATURES.length))!;
    const expected = blendRerankModels(widenModel(narrow, bm25.RERANK_SIBLING_FEATURES), trainOnEvents(wide, queries)!);
    expect(trainOnEvents({ ...wide, narrowTwin: fitting }, queries)).toEqual(expected);
    const ranker = createLearnedReranker(wide, log, expected);
    expect(ranker.search('save_chart')[0]?.tool.name).toBe('save_chart');
  });

  it('reads the neighbour features by default (neighbours: false leaves them out), before the sibling features, in the fit and in the ranker', async () => {
    const log = [...events, ...events];
    const withNeighbours = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, rerank: true });
    expect(withNeighbours.report.neighbours).toBe(true);
    const without = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, rerank: true, neighbours: false });
    expect(without.report.neighbours).toBe(false);
    await expect(learnFromFeedback({ tools, events: log, neighbours: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'invalid-option' });
    if (without.model !== undefined) expect(without.model.features).toEqual(bm25.RERANK_SIBLING_FEATURES);
    // A fit over them: the rows carry them, the model reads them, the learned ranker extracts them from its own usage field.
    const fitting = { bm25, tools, bm25Options: undefined, usageField: undefined, usageWeight: 1, neighbours: true, siblings: true };
    const queries = eventTrainingQueries(fitting, log);
    const width = bm25.rerankFeatureList({ neighbours: true, siblings: true }).length;
    for (const query of queries.queries) expect(query.features).toHaveLength(query.count * width);
    const at = bm25.RERANK_FEATURES.length;
    expect(queries.queries.some((query) => Array.from({ length: query.count }, (_, row) => query.features[row * width + at]!).some((value) => value > 0))).toBe(true);
    const model = trainOnEvents({ ...fitting, narrowTwin: { ...fitting, siblings: false } }, queries)!;
    expect(model.features).toEqual(bm25.rerankFeatureList({ neighbours: true, siblings: true }));
    const ranker = createLearnedReranker(fitting, log, model);
    expect(ranker.search('save_chart')[0]?.tool.name).toBe('save_chart');
    expect(Object.keys(ranker.search('save the minutes as markdown', { explain: true })[0]!.explanation!.components)).toContain('feature.neighbour.nameForm');
  });

  it("siblings: 'choose' judges fits without, with and blended with and without sibling features, in that order, and the model reads what its fit read", async () => {
    const log = [...events, ...events];
    const shape = (fits: LearningReport['rerankFits']) => fits?.map((fit) => [fit.warmStart, fit.siblings, fit.siblingBlend]);
    const blend = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, siblings: 'choose' });
    expect(shape(blend.report.rerankFits)).toEqual([
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ]);
    const tried = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, warmStart: 'choose', siblings: 'choose' });
    expect(shape(tried.report.rerankFits)).toEqual([
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [true, true, false],
      [false, true, true],
      [true, true, true],
    ]);
    const best = tried.report.rerankFits!.find((fit) => fit.warmStart === tried.report.warmStart && fit.siblings === tried.report.siblings && fit.siblingBlend === tried.report.siblingBlend)!;
    expect(tried.report.reranked).toEqual(best.scores);
    if (tried.model !== undefined) expect(tried.model.features).toEqual(bm25.rerankFeatureList({ neighbours: true, siblings: tried.report.siblings }));
    // The twin judged under 'choose' is the model 'blend' fits (its two halves reused, not trained again): the same scores.
    const blended = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, siblings: 'blend' });
    expect(shape(blended.report.rerankFits)).toEqual([[true, true, true]]);
    expect(blend.report.rerankFits![2]!.scores).toEqual(blended.report.rerankFits![0]!.scores);
    // Learning is on whenever the usage field alone beats the default: a re-ranker judged better on R@5 + MRR@10 never turns it off.
    for (const { report } of [blend, blended]) {
      const usageWins = report.learned['recall@5'] > report.baseline['recall@5'] || (report.learned['recall@5'] === report.baseline['recall@5'] && report.learned['mrr@10'] > report.baseline['mrr@10']);
      if (usageWins) expect(report.enabled).toBe(true);
    }
    // A value from before the modes (plain JavaScript's `true`) is refused, not half-applied.
    await expect(learnFromFeedback({ tools, events: log, siblings: true as unknown as 'choose' })).rejects.toMatchObject({ code: 'invalid-option' });
    const vectors = hashedVectors();
    const cold = await learnFromFeedback({ tools, events: log, heldOutShare: 0.2, windows: 2, vectors, baseModel: null, warmStart: 'always', siblings: 'choose' });
    expect(cold.report.rerankFits?.map((fit) => fit.siblings)).toEqual([false, true, true]);
    if (cold.model !== undefined) expect(cold.model.features).toEqual(bm25.rerankFeatureList({ vectors: true, neighbours: true, siblings: cold.report.siblings }));
  });
});
