import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import type { CatalogTool, Ranker, RankerDefinition } from '@loadout/core';
import { createMemoryIndexStore } from '../persistence/memory-index-store.js';
import { BROWSER_SAFE_RANKERS } from '@loadout/rankers/browser';
import { listEngineRankers } from '../rankers/engine-registry.js';
import { createEngine } from './create-engine.js';

const TOOLS = [{ name: 'get', server: 'kv' }, { name: 'get_forecast', server: 'weather' }, { name: 'send_message', server: 'slack' }];

/** A pattern ranker: a tool matches when its own name matches the query as a regular expression. */
function patternRanker(saved: { bytes?: Uint8Array }): Ranker & { tools: readonly CatalogTool[] } {
  let tools: readonly CatalogTool[] = [];
  return {
    specificationVersion: 'v1',
    name: 'names',
    get size() {
      return tools.length;
    },
    get tools() {
      return tools;
    },
    index(next) {
      tools = next;
      saved.bytes = new TextEncoder().encode(next.map((tool) => tool.displayName).join('\n'));
    },
    add() {},
    remove() {},
    search(query, options = {}) {
      const pattern = new RegExp(query);
      return tools.filter((tool) => pattern.test(tool.name)).slice(0, options.limit ?? 5).map((tool) => ({ tool, score: 1 }));
    },
  };
}

function definition(extra: Partial<RankerDefinition> = {}): RankerDefinition {
  const saved: { bytes?: Uint8Array } = {};
  return {
    specificationVersion: 'v1',
    name: 'names',
    queryKind: 'pattern',
    capabilities: {
      browserSafe: true,
      persistence: {
        format: 'names1',
        save: () => saved.bytes ?? new Uint8Array(),
        restore: (ranker, bytes, tools) => {
          const names = new TextDecoder().decode(bytes).split('\n');
          ranker.index(tools.filter((tool) => names.includes(tool.displayName)));
        },
      },
    },
    create: () => patternRanker(saved),
    ...extra,
  };
}

async function failure(run: () => unknown): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('createEngine with the page\'s own rankers', () => {
  it('never wraps a pattern ranker with the query syntax: ^get_ does not return get', async () => {
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate', rankers: [definition()] });
    await engine.loadCatalog(TOOLS);
    const result = await engine.search('^get_', { ranker: 'names' });
    expect(result.ranker).toBe('names');
    expect(result.hits.map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    // A keywords definition of the same ranker is wrapped: the query names "get", which goes first.
    const keywords = createEngine({ indexStore: null, tokenizer: 'approximate', rankers: [definition({ queryKind: 'keywords' })] });
    await keywords.loadCatalog(TOOLS);
    expect((await keywords.search('get', { ranker: 'names' })).hits[0]?.tool.name).toBe('get');
  });

  it('persists and restores its index through its own persistence capability', async () => {
    const store = createMemoryIndexStore();
    const first = createEngine({ indexStore: store, tokenizer: 'approximate', rankers: [definition()] });
    await first.loadCatalog(TOOLS);
    expect((await first.prepare('names')).indexSource).toBe('built');
    await first.flush();
    const second = createEngine({ indexStore: store, tokenizer: 'approximate', rankers: [definition()] });
    await second.loadCatalog(TOOLS);
    expect((await second.prepare('names')).indexSource).toBe('restored');
    expect((await second.search('^send', { ranker: 'names' })).hits.map((hit) => hit.tool.name)).toEqual(['send_message']);
  });

  it('rejects unknown names with the nearest, built-in names, and definitions that are not browser-safe', async () => {
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate', rankers: [definition()] });
    await engine.loadCatalog(TOOLS);
    const unknown = await failure(() => engine.search('x', { ranker: 'name' }));
    expect(unknown.code).toBe('unknown-ranker');
    expect(unknown.message).toMatch(/valid names: bm25f, .*; did you mean "names"\?$/);
    expect(unknown.message.endsWith(`valid names: ${[...BROWSER_SAFE_RANKERS.map((ranker) => ranker.name), 'static-embedding', 'hybrid', 'transformers', 'names'].join(', ')}; did you mean "names"?`)).toBe(true);
    expect((await failure(() => createEngine({ rankers: [definition({ name: 'bm25f' })] }))).code).toBe('plugin-duplicate');
    expect((await failure(() => createEngine({ rankers: [definition({ capabilities: {} })] }))).code).toBe('unsupported-environment');
    expect((await failure(() => createEngine({ rankers: [{ name: 'x' } as never] }))).code).toBe('ranker-invalid');
  });

  it('lists the built-ins and the page\'s own, through the registry, for a picker', () => {
    expect(listEngineRankers([definition()]).map((ranker) => `${ranker.name}:${ranker.queryKind}`)).toEqual([
      ...BROWSER_SAFE_RANKERS.map((ranker) => `${ranker.name}:${ranker.queryKind}`),
      'static-embedding:keywords',
      'hybrid:keywords',
      'transformers:keywords',
      'names:pattern',
    ]);
    expect(listEngineRankers()[0]?.description).toMatch(/BM25F/);
    expect(listEngineRankers().find((ranker) => ranker.name === 'regex')?.queryKind).toBe('pattern');
  });

  it('offers the browser-safe built-ins of the registry: regex is a pattern, never wrapped', async () => {
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate' });
    await engine.loadCatalog(TOOLS);
    expect((await engine.search('^get_', { ranker: 'regex' })).hits.map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    expect((await engine.search('forecast', { ranker: 'wink-bm25' })).hits[0]?.tool.name).toBe('get_forecast');
  });

  it('checks every result of a page ranker: a malformed one fails with ranker-invalid-result naming the ranker', async () => {
    const broken = definition({
      name: 'broken',
      queryKind: 'keywords',
      create: () => ({ ...patternRanker({}), name: 'broken', search: () => [{ tool: { displayName: 'nowhere' }, score: Number.NaN }] as never }),
    });
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate', rankers: [broken] });
    await engine.loadCatalog(TOOLS);
    const error = await failure(() => engine.search('weather', { ranker: 'broken' }));
    expect(error.code).toBe('ranker-invalid-result');
    expect(error.message).toMatch(/^ranker "broken" returned an invalid result: hit 1 has score NaN/);
  });
});
