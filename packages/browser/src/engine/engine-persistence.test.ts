import { describe, it, expect } from 'vitest';
import { encodeWordVectorTable } from '@loadout/embeddings/browser';
import { TOOLS } from '../__fixtures__/catalog.js';
import { createFakeFetch } from '../__fixtures__/fake-caches.js';
import { createFakeTransformers } from '../__fixtures__/fake-transformers.js';
import { tinyTable } from '../__fixtures__/tiny-table.js';
import { createMemoryIndexStore } from '../persistence/memory-index-store.js';
import type { IndexStore } from '../persistence/index-store.js';
import { fnv1a64 } from '@loadout/core/utils';
import { createEngine } from './create-engine.js';


const TABLE_URL = 'https://app.example/glove.ldwv';
const names = (result: { hits: readonly { tool: { name: string } }[] }) => result.hits.map((hit) => hit.tool.name);
const staticEngine = (indexStore: IndexStore) =>
  createEngine({ indexStore, staticTableUrl: TABLE_URL, staticTableCacheName: null, staticComponents: 1, fetch: createFakeFetch({ [TABLE_URL]: encodeWordVectorTable(tinyTable()) }) });

describe('createEngine: persisted indexes', () => {
  it('stores the BM25F index after building it, and a new engine restores it without rebuilding', async () => {
    const store = createMemoryIndexStore();
    const first = createEngine({ indexStore: store });
    const { hash } = await first.loadCatalog(TOOLS);
    const built = await first.search('send an email', { limit: 3 });
    expect(built.indexSource).toBe('built');
    await first.flush();
    expect(store.keys()).toEqual([`${hash}|bm25f|lbmf2`]);

    const second = createEngine({ indexStore: store });
    await second.loadCatalog(JSON.stringify({ tools: TOOLS }));
    const restored = await second.search('send an email', { limit: 3 });
    expect(restored.indexSource).toBe('restored');
    expect(names(restored)).toEqual(names(built));
    expect(restored.hits.map((hit) => hit.score)).toEqual(built.hits.map((hit) => hit.score));
    await second.flush();
    expect(store.stats.puts).toBe(1);
  });

  it('does not reuse an index stored for another catalog', async () => {
    const store = createMemoryIndexStore();
    const first = createEngine({ indexStore: store });
    await first.loadCatalog(TOOLS);
    await first.prepare('bm25f');
    await first.flush();
    const second = createEngine({ indexStore: store });
    await second.loadCatalog(TOOLS.slice(1));
    expect((await second.prepare('bm25f')).indexSource).toBe('built');
    await second.flush();
    expect(store.size).toBe(2);
  });

  it('rebuilds (and overwrites) a stored blob that is corrupt', async () => {
    const store = createMemoryIndexStore();
    const engine = createEngine({ indexStore: store });
    const { hash } = await engine.loadCatalog(TOOLS);
    await store.put({ catalogHash: hash, ranker: 'bm25f', version: 'lbmf2' }, Uint8Array.of(76, 66, 77, 70, 0));
    const result = await engine.search('forecast');
    expect(result.indexSource).toBe('built');
    expect(names(result)[0]).toBe('get_forecast');
    await engine.flush();
    const reloaded = createEngine({ indexStore: store });
    await reloaded.loadCatalog(TOOLS);
    expect((await reloaded.search('forecast')).indexSource).toBe('restored');
  });

  it('builds anyway when the store fails', async () => {
    const failing: IndexStore = {
      get: () => Promise.reject(new Error('quota')),
      put: () => Promise.reject(new Error('quota')),
      delete: () => Promise.resolve(),
      clear: () => Promise.resolve(),
    };
    const engine = createEngine({ indexStore: failing });
    await engine.loadCatalog(TOOLS);
    expect(names(await engine.search('forecast'))[0]).toBe('get_forecast');
    await expect(engine.flush()).resolves.toBeUndefined();
  });

  it('stores the hybrid ranker\'s BM25F index and static vectors together, and a new engine restores both', async () => {
    const store = createMemoryIndexStore();
    const first = staticEngine(store);
    await first.loadCatalog(TOOLS);
    const built = await first.search('mail a message', { ranker: 'hybrid', limit: 4 });
    expect(built.indexSource).toBe('built');
    await first.flush();
    expect(store.keys().map((key) => key.split('|').slice(1).join('|'))).toEqual([`hybrid|pair1/lbmf2+ldvx1/static/${fnv1a64(TABLE_URL)}`]);

    const second = staticEngine(store);
    await second.loadCatalog(TOOLS);
    const restored = await second.search('mail a message', { ranker: 'hybrid', limit: 4 });
    expect(restored.indexSource).toBe('restored');
    expect(names(restored)).toEqual(names(built));
    expect((await second.prepare('static-embedding')).indexSource).toBe('built');
    await second.flush();
    const third = staticEngine(store);
    await third.loadCatalog(TOOLS);
    expect((await third.prepare('static-embedding')).indexSource).toBe('restored');
  });

  it('stores transformers vectors so a new engine embeds only the query', async () => {
    const store = createMemoryIndexStore();
    const options = { indexStore: store, modelBaseUrl: 'https://app.example/models/', wasmPaths: 'https://app.example/ort/' };
    const firstFake = createFakeTransformers();
    const first = createEngine({ ...options, loadTransformers: async () => firstFake.library });
    await first.loadCatalog(TOOLS);
    await first.search('refund', { ranker: 'transformers' });
    await first.flush();
    expect(firstFake.batches.flat()).toHaveLength(12 + 1);

    const secondFake = createFakeTransformers();
    const second = createEngine({ ...options, loadTransformers: async () => secondFake.library });
    await second.loadCatalog(TOOLS);
    const result = await second.search('refund', { ranker: 'transformers' });
    expect(result.indexSource).toBe('restored');
    expect(names(result)[0]).toBe('refund_payment');
    expect(secondFake.batches).toEqual([['refund']]);
  });

  it('persists nothing with persistence off', async () => {
    const engine = createEngine({ indexStore: null });
    await engine.loadCatalog(TOOLS);
    expect((await engine.search('mail')).indexSource).toBe('built');
    await engine.flush();
    const again = createEngine({ persistIndexes: false });
    await again.loadCatalog(TOOLS);
    expect((await again.search('mail')).indexSource).toBe('built');
  });
});
