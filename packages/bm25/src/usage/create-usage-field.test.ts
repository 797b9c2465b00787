import { describe, expect, it } from 'vitest';
import { createCatalog } from '@loadout/core';
import { createBm25Ranker } from '../bm25f/create-bm25-ranker.js';
import { createUsageField } from './create-usage-field.js';

const { tools } = createCatalog([
  { name: 'write_file', server: 'fs', description: 'Write content to a file on disk' },
  { name: 'save_presentation', server: 'ppt', description: 'Save the presentation to a path' },
  { name: 'search_web', server: 'web', description: 'Search the web' },
]);

const DAY = 86_400_000;

describe('createUsageField', () => {
  it('collects past queries per tool by display or own name, newest first, capped', () => {
    const field = createUsageField(
      [
        { query: 'save it as markdown', called: ['write_file'] },
        { query: 'store the report as a .md file', called: ['mcp__fs__write_file'] },
        { query: 'look it up online', called: ['search_web'] },
        { query: 'save notes to md', called: ['write_file'] },
      ],
      { maxQueriesPerTool: 2 },
    );
    expect(field.text(tools[0]!)).toBe('store the report as a .md file\nsave notes to md\nsave it as markdown');
    expect(field.text(tools[1]!)).toBeUndefined();
    expect(field.events).toBe(4);
  });

  it('leaves out events older than maxHalfLives half-lives', () => {
    const now = 1_000 * DAY;
    const field = createUsageField(
      [
        { query: 'ancient', called: ['write_file'], at: now - 400 * DAY },
        { query: 'older', called: ['write_file'], at: now - 90 * DAY },
        { query: 'recent', called: ['write_file'], at: now },
      ],
      { halfLifeDays: 90, maxHalfLives: 2 },
    );
    expect(field.text(tools[0]!)).toBe('recent\nolder');
  });

  it('lets BM25F find a tool by the words its users used, as its own field', () => {
    const events = [{ query: 'save the summary as markdown', called: ['write_file'] }];
    const plain = createBm25Ranker();
    plain.index(tools);
    expect(plain.search('save the summary as markdown')[0]?.tool.name).toBe('save_presentation');
    const learned = createBm25Ranker({ usage: createUsageField(events).text });
    learned.index(tools);
    const [hit] = learned.search('save the summary as markdown', { explain: true });
    expect(hit?.tool.name).toBe('write_file');
    expect(hit?.explanation?.fields['usage']).toBeGreaterThan(0);
  });

  it('rejects out-of-range options with invalid-option', () => {
    expect(() => createUsageField([], { halfLifeDays: 0 })).toThrow(/halfLifeDays/);
  });
});
