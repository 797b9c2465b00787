import { describe, expect, it } from 'vitest';
import { createCatalog } from '@loadout/core';
import { learnFromFeedback } from './learn-from-feedback.js';

const { tools } = createCatalog([
  { name: 'write_file', server: 'fs', description: 'Write content to a file' },
  { name: 'save_presentation', server: 'ppt', description: 'Save the presentation' },
  { name: 'save_chart', server: 'chart', description: 'Save a chart image' },
  { name: 'search_web', server: 'web', description: 'Search the web' },
]);

const saves = ['save the summary as markdown', 'save my notes as markdown', 'save the report in markdown', 'save this list as markdown', 'save the answer as markdown'];

describe('learnFromFeedback', () => {
  it('switches to the usage field when it wins on the newest held-out events, and says so', async () => {
    const events = saves.map((query) => ({ query, called: ['write_file'] }));
    const { report, ranker } = await learnFromFeedback({ tools, events, heldOutShare: 0.4, windows: 1 });
    expect(report.trainEvents).toBe(3);
    expect(report.heldOutEvents).toBe(2);
    expect(report.enabled).toBe(true);
    expect(report.reason).toBe('wins');
    expect(report.learned['recall@5']).toBeGreaterThan(report.baseline['recall@5']);
    expect((await ranker.search('save the slides as markdown'))[0]?.tool.name).toBe('write_file');
    // Usage never outranks an exact name.
    expect((await ranker.search('save_presentation'))[0]?.tool.name).toBe('save_presentation');
  });

  it('keeps the default when learning does not help or there is too little to judge', async () => {
    const useless = await learnFromFeedback({ tools, events: [{ query: 'search the web', called: ['search_web'] }, { query: 'web search', called: ['search_web'] }], heldOutShare: 0.5 });
    expect(useless.report.enabled).toBe(false);
    expect(useless.report.reason).toBe('no-gain');
    const tiny = await learnFromFeedback({ tools, events: [{ query: 'x', called: ['search_web'] }] });
    expect(tiny.report).toMatchObject({ enabled: false, reason: 'too-few-events', heldOutEvents: 0 });
  });
});

describe('learnFromFeedback backtesting', () => {
  it('judges on several consecutive newest windows, each fitted only on older events', async () => {
    const events = [...saves, ...saves].map((query) => ({ query, called: ['write_file'] }));
    const { report } = await learnFromFeedback({ tools, events, heldOutShare: 0.2, windows: 3 });
    expect(report.heldOutEvents).toBe(6);
    expect(report.trainEvents).toBe(4);
    expect(report.enabled).toBe(true);
  });
});
