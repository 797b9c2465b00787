import type { Registry, ToolSearchAnswer } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import type { ToolIndex } from '../search-index/tool-index.js';
import { fallbackSearches } from './fallback-searches.js';

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
