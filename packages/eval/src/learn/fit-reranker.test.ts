import { describe, expect, it } from 'vitest';
import * as bm25 from '@loadout/bm25';
import { createCatalog } from '@loadout/core';
import { createLearnedReranker, fitRerankOnEvents } from './fit-reranker.js';
import { learnFromFeedback } from './learn-from-feedback.js';

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
});
