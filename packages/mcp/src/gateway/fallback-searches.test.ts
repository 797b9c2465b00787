import type { Registry, ToolSearchAnswer } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import type { ToolIndex } from '../search-index/tool-index.js';
import { fallbackSearches, isRankerFault } from './fallback-searches.js';

// Decision 3455: serve no longer logs "search failed" for a search the fallback answers; when the fallback cannot
// answer either, its line is the only one about that search, so it says so.
describe('fallbackSearches', () => {
  it('says once that the built-in ranker could not answer either, and returns the failed answer', async () => {
    const registry = {
      defaultRanker: 'bm25f',
      ranker: () => ({ name: 'bm25f' }),
      createRanker: () => Promise.reject(new Error('no index today\nsecond line')),
    } as unknown as Registry;
    const logger = createMemoryLogger();
    const fallback = fallbackSearches({ fallbackSearches: true, registry }, logger, () => {
      throw new Error('not asked');
    })!;
    const failed: ToolSearchAnswer = { ok: false, stage: 'search', code: 'ranker-invalid-result', message: 'ranker "nan" returned an invalid result' } as ToolSearchAnswer;
    const index = { catalog: { tools: [] } } as unknown as ToolIndex;
    expect(await fallback({ query: 'x' }, index, 'ranker "nan" returned an invalid result [ranker-invalid-result]', failed)).toBe(failed);
    expect(logger.lines).toEqual(['warn: search_tools: ranker "nan" returned an invalid result [ranker-invalid-result]; the built-in ranker "bm25f" could not answer it either: no index today']);
  });
});

// Decision 3459: every failure that is the ranker's fault is answered by the fallback, with one warning per code
// (rate-limited on the fallback's own clock); what the caller got wrong stays its error.
describe('fallbackSearches: which failures it answers, and its warnings', () => {
  const failure = (code: string, stage: 'search' | 'arguments' = 'search'): ToolSearchAnswer => ({ ok: false, stage, code, message: `failed with ${code}` }) as ToolSearchAnswer;

  it.each(['ranker-failed', 'ranker-timeout', 'ranker-invalid', 'ranker-invalid-result', 'ranker-busy', 'config-untrusted', 'file-unreadable'])('%s is the ranker\'s fault', (code) => {
    expect(isRankerFault(failure(code))).toBe(true);
  });

  it.each(['invalid-input', 'query-empty', 'query-too-long', 'pattern-invalid', 'unknown-tool', 'cancelled'])('%s is not', (code) => {
    expect(isRankerFault(failure(code))).toBe(false);
  });

  it('arguments the caller got wrong are not, whatever the code; an answer is not', () => {
    expect(isRankerFault(failure('ranker-failed', 'arguments'))).toBe(false);
    expect(isRankerFault({ ok: true, query: 'x', limit: 5, tools: [] })).toBe(false);
  });

  it('one warning per code, the first at once, then at most one a minute with a count', async () => {
    let time = 0;
    const logger = createMemoryLogger();
    const answered: ToolSearchAnswer = { ok: true, query: 'x', limit: 5, tools: [] };
    const fallback = fallbackSearches({ fallbackSearches: true }, logger, () => answered, () => time)!;
    const index = { catalog: { tools: [] } } as unknown as ToolIndex;
    const crash = (): Promise<ToolSearchAnswer> => fallback({ query: 'x' }, index, 'ranker "crash" stopped [ranker-failed]', failure('ranker-failed'));
    for (const at of [0, 1_000, 59_999]) {
      time = at;
      expect(await crash()).toBe(answered);
    }
    time = 30_000;
    expect(await fallback({ query: 'x' }, index, 'ranker "crash": x.mjs changed [config-untrusted]', failure('config-untrusted'))).toBe(answered);
    time = 60_000;
    expect(await crash()).toBe(answered);
    expect(logger.lines).toEqual([
      'warn: search_tools: ranker "crash" stopped [ranker-failed], so the built-in ranker "bm25f" answered it',
      'warn: search_tools: ranker "crash": x.mjs changed [config-untrusted], so the built-in ranker "bm25f" answered it',
      'warn: search_tools: ranker "crash" stopped [ranker-failed], so the built-in ranker "bm25f" answered it (2 more like it since the last such warning, not logged)',
    ]);
  });
});
