import { describe, expect, it } from 'vitest';
import { createUsageField } from '@loadout/bm25';
import { createCatalog, withQuerySyntax } from '@loadout/core';
import { LEXICAL_RERANK_MODEL, createRerankRanker } from '../rerank/index.js';
import type { RerankModel, RerankRanker } from '../rerank/index.js';
import { fitRerankOnEvents, usageOptions } from './fit-reranker.js';

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

/** The learned ranker of `log` on `catalog` with `model`: the usage field in the first stage, the model re-ranking it, exact names first. */
function learnedRanker(model: RerankModel, log = events, catalog = tools): RerankRanker {
  const ranker = withQuerySyntax(createRerankRanker({ model, bm25: usageOptions({ text: createUsageField(log).text, weight: 1 }) }), { maxQueryLength: 1000 });
  ranker.index(catalog);
  return ranker as RerankRanker;
}

describe('fitRerankOnEvents', () => {
  it('warm-starts the base model on the events, deterministically, joined by name: it keeps its shape and moves away from it', () => {
    const base = LEXICAL_RERANK_MODEL;
    const warm = fitRerankOnEvents(tools, events, base)!;
    expect(JSON.stringify(fitRerankOnEvents(tools, events, base))).toBe(JSON.stringify(warm));
    expect(warm.kind).toBe(base.kind);
    expect(warm.features).toEqual(base.features);
    expect(warm.hidden).toHaveLength(base.hidden!.length);
    expect(warm.hidden).not.toEqual(base.hidden);
    // Usage features the base never standardised are standardised over the log.
    const usage = base.features.indexOf('full.usage');
    expect(base.scale[usage]).toBe(0);
    expect(warm.scale[usage]).toBeGreaterThan(0);
    const ranker = learnedRanker(warm);
    expect(ranker.search('save the minutes as markdown')[0]?.tool.name).toBe('write_file');
    expect(ranker.search('save_chart')[0]?.tool.name).toBe('save_chart');
    expect(ranker.search('save it', { limit: 2, explain: true })[0]?.explanation?.notes.join(' ')).toContain('re-ranked');
  });

  it('reads the base model\'s features, any subset of the registry in any order, by name', () => {
    const base = LEXICAL_RERANK_MODEL;
    const names = ['cover', 'firstStage', 'nameShare'];
    const pick = (values: readonly number[]): number[] => names.map((name) => values[base.features.indexOf(name)]!);
    const small: RerankModel = { format: 'loadout-rerank-v1', kind: 'linear', features: names, mean: pick(base.mean), scale: pick(base.scale), linear: [0.5, 1, 0.25] };
    const tuned = fitRerankOnEvents(tools, events, small)!;
    expect(tuned.features).toEqual(names);
    expect(tuned.mean).toEqual(small.mean);
    expect(tuned.linear).not.toEqual(small.linear);
  });

  it('records its first-stage cut of 100 on a catalog of 5,000 tools, and has nothing to learn when no called tool is among the candidates', () => {
    expect(fitRerankOnEvents(tools, events, LEXICAL_RERANK_MODEL)?.candidates).toBeUndefined();
    const large = createCatalog([...tools, ...Array.from({ length: 5000 - tools.length }, (_, index) => ({ name: `save_item_${index}`, server: 'bulk', description: 'Save an item' }))]).tools;
    expect(fitRerankOnEvents(large, events, LEXICAL_RERANK_MODEL)?.candidates).toBe(100);
    expect(fitRerankOnEvents(tools, [{ query: 'zebra', called: ['write_file'] }], LEXICAL_RERANK_MODEL)).toBeUndefined();
  });
  it('learns the usage field as a search meets it: on a log of a few repeated queries, a called tool stays above its never-called siblings (decision 3428)', () => {
    // Siblings a query cannot tell apart but by the usage field; each query searched again and again.
    const clips = createCatalog([
      ...['Clips from 1st', 'Clips 2nd', 'Clips 3rd', 'Clips 4th', 'Clips 5th', 'Clips 6th'].map((name) => ({ name, server: 'kick', description: `Channel clips of the ${name.slice(-3)} stream` })),
      { name: 'get_stream_info', server: 'twitch', description: 'Get information on a stream' },
      { name: 'send_message', server: 'kick', description: 'Send a chat message to a channel' },
    ]).tools;
    const searches = [
      { query: 'kick channel clips', called: ['Clips 4th'] },
      { query: 'clips from the first stream', called: ['Clips from 1st'] },
      { query: 'kick clips of the 2nd stream', called: ['Clips 2nd'] },
      { query: 'twitch stream info', called: ['get_stream_info'] },
      { query: 'send a chat message on kick', called: ['send_message'] },
    ];
    const log = Array.from({ length: 6 }, () => searches).flat();
    const ranker = learnedRanker(fitRerankOnEvents(clips, log, LEXICAL_RERANK_MODEL)!, log, clips);
    // Cross-fitted by query alone, the usage field never held a query's own searches: the model learned that a tool others called is wrong, and put Clips 4th below the 3rd, 5th and 6th.
    for (const query of ['kick channel clips', 'channel clips', 'kick clips', 'clips']) expect(ranker.search(query)[0]?.tool.name, query).toBe('Clips 4th');
    const order = ranker.search('channel clips', { limit: 6 }).map((hit) => hit.tool.name);
    expect(order.slice(0, 3).sort()).toEqual(['Clips 2nd', 'Clips 4th', 'Clips from 1st']);
  });
});
