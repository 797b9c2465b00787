import { describe, expect, it } from 'vitest';
import { createCatalog } from '@loadout/core';
import { LEXICAL_RERANK_MODEL } from '../rerank/index.js';
import { learnFromFeedback } from './learn-from-feedback.js';
import type { LearningProgress } from './learn-from-feedback.js';

const { tools } = createCatalog([
  { name: 'write_file', server: 'fs', description: 'Write content to a file' },
  { name: 'save_presentation', server: 'ppt', description: 'Save the presentation' },
  { name: 'save_chart', server: 'chart', description: 'Save a chart image' },
  { name: 'search_web', server: 'web', description: 'Search the web' },
]);

const saves = ['save the summary as markdown', 'save my notes as markdown', 'save the report in markdown', 'save this list as markdown', 'save the answer as markdown'];
const mixed = [...saves, 'search the web for news', 'look up the weather on the web', 'save the slides', 'save the chart as png', 'write the text to a file'].map((query) => ({
  query,
  called: [query.includes('web') ? 'search_web' : query.includes('slides') ? 'save_presentation' : query.includes('chart') ? 'save_chart' : 'write_file'],
}));

describe('learnFromFeedback', () => {
  it('switches to the usage field when it wins on held-out events, and says so', async () => {
    const events = Array.from({ length: 8 }, () => saves).flat().map((query) => ({ query, called: ['write_file'] }));
    const { report, ranker } = await learnFromFeedback({ tools, events, learns: [] });
    expect(report).toMatchObject({ trainEvents: 16, heldOutEvents: 24, enabled: true, reason: 'wins', rerank: false });
    expect(report.reranked).toBeUndefined();
    expect(report.learned['recall@5']).toBeGreaterThan(report.baseline['recall@5']);
    expect((await ranker.search('save the slides as markdown'))[0]?.tool.name).toBe('write_file');
    // Usage never outranks an exact name.
    expect((await ranker.search('save_presentation'))[0]?.tool.name).toBe('save_presentation');
  });

  it('keeps the default when learning does not help or there is too little to judge', async () => {
    const web = Array.from({ length: 8 }, () => ['search the web', 'web search', 'search the web now', 'web search please', 'search web']).flat().map((query) => ({ query, called: ['search_web'] }));
    const useless = await learnFromFeedback({ tools, events: web });
    expect(useless.report).toMatchObject({ enabled: false, reason: 'no-gain' });
    const tiny = await learnFromFeedback({ tools, events: [{ query: 'x', called: ['search_web'] }] });
    expect(tiny.report).toMatchObject({ enabled: false, reason: 'too-few-events', heldOutEvents: 0 });
  });

  it('judges only on held-out folds of 7 events or more: 34 events are too few, however one-sided, 35 are three folds of 7', async () => {
    const events = Array.from({ length: 7 }, () => saves).flat().map((query) => ({ query, called: ['write_file'] }));
    const few = await learnFromFeedback({ tools, events: events.slice(1), learns: [] });
    expect(few.report).toMatchObject({ enabled: false, reason: 'too-few-events', heldOutEvents: 0, trainEvents: 34 });
    const enough = await learnFromFeedback({ tools, events, learns: [] });
    expect(enough.report).toMatchObject({ enabled: true, reason: 'wins', heldOutEvents: 21, trainEvents: 14 });
  });

  it('judges on the newest events when every event has a time, on seeded random folds otherwise, and says which', async () => {
    const timed = [0, 10, 20, 30].flatMap((offset) => mixed.map((event, index) => ({ ...event, at: offset + index })));
    const newest = await learnFromFeedback({ tools, events: timed });
    expect(newest.report.folds).toBe('newest');
    expect(newest.report.seed).toBeUndefined();
    const untimed = [...mixed, ...mixed, ...mixed, ...mixed];
    const random = await learnFromFeedback({ tools, events: untimed });
    expect(random.report).toMatchObject({ folds: 'random', seed: 29, heldOutEvents: 24, trainEvents: 16 });
    expect((await learnFromFeedback({ tools, events: untimed, seed: 7 })).report.seed).toBe(7);
    // A file imported at once carries one time: its line order is not time.
    const imported = await learnFromFeedback({ tools, events: untimed.map((event) => ({ ...event, at: 1_000 })) });
    expect(imported.report).toMatchObject({ folds: 'random', seed: 29, heldOutEvents: 24, trainEvents: 16 });
  });

  it('judges the usage field with the re-ranker warm-started from the shipped model, and reports progress', async () => {
    const steps: LearningProgress[] = [];
    const log = Array.from({ length: 13 }, () => mixed).flat();
    const tried = await learnFromFeedback({ tools, events: log, onProgress: (step) => steps.push(step) });
    expect(tried.report.reranked?.['recall@5']).toBeGreaterThanOrEqual(0);
    expect(tried.model !== undefined).toBe(tried.report.rerank);
    if (tried.model !== undefined) expect(tried.model.features).toEqual(LEXICAL_RERANK_MODEL.features);
    expect(tried.report.heldOutEvents).toBe(78);
    expect(steps[0]).toEqual({ phase: 'judging', done: 0, total: 8 });
    expect(steps.filter((step) => step.phase === 'judging').map((step) => step.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The final fit is announced before it runs (7 of 8 done) and counted after.
    expect(steps.filter((step) => step.phase === 'fitting').map((step) => step.done)).toEqual(tried.report.enabled ? [7, 8] : []);
    await expect(learnFromFeedback({ tools, events: log, baseModel: { ...LEXICAL_RERANK_MODEL, features: ['x'] } })).rejects.toMatchObject({ code: 'invalid-option' });
  });
});
