import type { DeclarativeMod, ToolInput } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacheControl, ToolDefinition } from '../api-types.js';
import { checkToolSearchRequest } from './check-tool-search-request.js';
import { createToolSearch } from './create-tool-search.js';
import { placeCacheControl } from './place-cache-control.js';
import type { ToolSearchMode } from './tool-search-options.js';

const words = ['send', 'slack', 'message', 'github', 'issue', 'weather', 'file', 'read', 'search', 'create'];
const word = fc.constantFrom(...words);

const tool: fc.Arbitrary<ToolInput> = fc.record({
  name: fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('_')),
  server: fc.option(fc.constantFrom('slack', 'github', 'files'), { nil: undefined }),
  kind: fc.oneof({ weight: 4, arbitrary: fc.constant('mcp' as const) }, fc.constant('builtin' as const), fc.constant('core' as const)),
  description: fc.array(word, { maxLength: 6 }).map((parts) => parts.join(' ')),
  alwaysLoad: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, fc.constant(true)),
  tokens: fc.integer({ min: 1, max: 5000 }),
});

const mod: fc.Arbitrary<DeclarativeMod> = fc.record({
  plugin: fc.constantFrom('m1', 'm2'),
  rules: fc.array(
    fc.record(
      { server: fc.constantFrom('slack', 'github', 'files'), tool: fc.constantFrom('*', 'send_*', 'read*'), isDeferred: fc.boolean() },
      { requiredKeys: [] },
    ),
    { maxLength: 3 },
  ),
});

const setting = fc.record({
  tools: fc.uniqueArray(tool, { maxLength: 12, selector: (item) => `${item.server ?? ''}/${item.name}` }),
  env: fc.constantFrom(undefined, 'true', 'false', 'auto', 'auto:1', 'auto:50', 'bogus'),
  provider: fc.constantFrom('anthropic', 'bedrock', 'agent-platform', 'foundry') as fc.Arbitrary<'anthropic'>,
  mods: fc.array(mod, { maxLength: 2 }),
  mode: fc.constantFrom<ToolSearchMode>('client', 'server-bm25', 'server-regex'),
  disabled: fc.boolean(),
  cacheControl: fc.option(fc.constant<CacheControl>({ type: 'ephemeral' }), { nil: undefined }),
  ownTools: fc.array(fc.boolean(), { maxLength: 2 }),
  query: fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' ')),
});

describe('request invariants (property)', () => {
  it('every referenced tool is deferred in the request, never is everything deferred, no deferred tool has cache_control', async () => {
    await fc.assert(
      fc.asyncProperty(setting, async (value) => {
        const search = createToolSearch({
          tools: value.tools,
          ranker: createFakeRanker(),
          mode: value.mode,
          policy: {
            model: 'claude-opus-4-5',
            provider: value.provider,
            env: value.env === undefined ? {} : { ENABLE_TOOL_SEARCH: value.env },
            mods: value.mods,
          },
          planOptions: { tokenCounter: createFakeTokenCounter() },
        });
        const request = search.request({ disabled: value.disabled, ...(value.cacheControl ? { cacheControl: value.cacheControl } : {}) });
        const deferredTools = request.tools.filter((item) => 'defer_loading' in item && item.defer_loading === true);
        expect(checkToolSearchRequest(request)).toEqual([]);
        if (deferredTools.length > 0) expect(deferredTools.length).toBeLessThan(request.tools.length);
        expect(request.toolSearch === 'on').toBe(request.searchTool !== null);
        expect(request.toolSearch === 'on').toBe(deferredTools.length > 0);
        if (request.toolSearch === 'off') expect(request.betas).toEqual([]);
        if (request.searchTool !== null) expect('defer_loading' in request.searchTool).toBe(false);

        const own: ToolDefinition[] = value.ownTools.map((isDeferred, index) => ({
          name: `own_${index}`,
          input_schema: { type: 'object' },
          cache_control: { type: 'ephemeral' },
          ...(isDeferred ? { defer_loading: true } : {}),
        }));
        const merged = placeCacheControl([...request.tools, ...own]);
        if (merged.some((item) => !('defer_loading' in item))) expect(checkToolSearchRequest({ tools: merged })).toEqual([]);

        if (value.mode === 'client') {
          const result = await search.answer({ id: 'toolu_p', name: search.searchToolName, input: { query: value.query } });
          const messages = [{ role: 'user' as const, content: [result] }];
          expect(checkToolSearchRequest({ tools: request.tools, messages })).toEqual([]);
          if (Array.isArray(result.content)) {
            for (const block of result.content) expect(request.deferred).toContain((block as { tool_name: string }).tool_name);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
