import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { encodeWordVectorTable } from '@loadout/embeddings/browser';
import { TOOLS } from '../__fixtures__/catalog.js';
import { createFakeFetch } from '../__fixtures__/fake-caches.js';
import { createFakeTransformers } from '../__fixtures__/fake-transformers.js';
import { tinyTable } from '../__fixtures__/tiny-table.js';
import { createEngine } from './create-engine.js';
import type { EngineOptions } from './engine-options.js';


const TABLE_URL = 'https://app.example/glove.ldwv';
const names = (result: { hits: readonly { tool: { name: string } }[] }) => result.hits.map((hit) => hit.tool.name);

function staticOptions(extra: EngineOptions = {}) {
  const fetch = createFakeFetch({ [TABLE_URL]: encodeWordVectorTable(tinyTable()) });
  const options: EngineOptions = { indexStore: null, staticTableUrl: TABLE_URL, staticTableCacheName: null, staticComponents: 1, fetch, ...extra };
  return Object.assign(options, { fetch });
}

describe('createEngine: static-embedding and hybrid', () => {
  it('fetches the table on first use only, and ranks by meaning', async () => {
    const options = staticOptions();
    const engine = createEngine(options);
    await engine.loadCatalog(TOOLS);
    await engine.search('mail');
    expect(options.fetch.calls).toEqual([]);
    const result = await engine.search('send a message to the inbox', { ranker: 'static-embedding', limit: 3 });
    expect(result.ranker).toBe('static-embedding');
    expect(names(result)[0]).toMatch(/send_email|reply_message/);
    expect(names(await engine.search('rain and wind', { ranker: 'static-embedding', limit: 2 }))).toContain('current_temperature');
    const [hit] = (await engine.search('invoice refund', { ranker: 'static-embedding', limit: 1, explain: true })).hits;
    expect(hit!.explanation!.components['static-embedding']).toBe(hit!.score);
    expect(options.fetch.calls).toEqual([TABLE_URL]);
  });

  it('keeps the fetched table across catalogs', async () => {
    const options = staticOptions();
    const engine = createEngine(options);
    await engine.loadCatalog(TOOLS);
    await engine.search('email', { ranker: 'static-embedding' });
    await engine.loadCatalog(TOOLS.slice(0, 6));
    expect(names(await engine.search('forecast for a city', { ranker: 'static-embedding', limit: 1 }))).toEqual(['get_forecast']);
    expect(options.fetch.calls).toHaveLength(1);
  });

  it('fuses BM25F and the static embedding in the hybrid ranker, with both parts explained', async () => {
    const engine = createEngine(staticOptions());
    await engine.loadCatalog(TOOLS);
    const result = await engine.search('refund a payment', { ranker: 'hybrid', explain: true, limit: 3 });
    expect(names(result)[0]).toBe('refund_payment');
    const components = result.hits[0]!.explanation!.components;
    expect(Object.keys(components)).toEqual(expect.arrayContaining(['bm25f', 'static-embedding']));
    expect(names(await engine.search('select:read_file', { ranker: 'hybrid' }))).toEqual(['read_file']);
  });

  it('explains what is missing: no staticTableUrl, or a table that is not served (then retries)', async () => {
    const engine = createEngine({ indexStore: null });
    await engine.loadCatalog(TOOLS);
    const missing = await engine.search('mail', { ranker: 'hybrid' }).catch((error: unknown) => error);
    expect(isLoadoutError(missing) && missing.code).toBe('invalid-option');
    expect((missing as Error).message).toMatch(/staticTableUrl/);

    const files: Record<string, Uint8Array> = {};
    const fetch = createFakeFetch(files);
    const retrying = createEngine({ indexStore: null, staticTableUrl: TABLE_URL, staticTableCacheName: null, staticComponents: 1, fetch });
    await retrying.loadCatalog(TOOLS);
    const notServed = await retrying.search('mail', { ranker: 'static-embedding' }).catch((error: unknown) => error);
    expect(isLoadoutError(notServed) && notServed.code).toBe('file-not-found');
    files[TABLE_URL] = encodeWordVectorTable(tinyTable());
    expect((await retrying.search('mail', { ranker: 'static-embedding' })).hits.length).toBeGreaterThan(0);
  });
});

describe('createEngine: transformers', () => {
  it('embeds through transformers.js with the given model URL and WASM paths', async () => {
    const fake = createFakeTransformers();
    const engine = createEngine({
      indexStore: null,
      modelBaseUrl: 'https://app.example/models/',
      wasmPaths: 'https://app.example/ort/',
      transformersModel: 'local/tiny',
      loadTransformers: async () => fake.library,
    });
    await engine.loadCatalog(TOOLS);
    const result = await engine.search('commit code', { ranker: 'transformers', limit: 2 });
    expect(names(result)[0]).toBe('create_commit');
    expect(fake.pipelineCalls[0]).toMatchObject({
      model: 'local/tiny',
      options: { device: 'wasm', local_files_only: true },
      env: { allowRemoteModels: false, localModelPath: 'https://app.example/models/', wasmPaths: 'https://app.example/ort/' },
    });
    await engine.loadCatalog(TOOLS.slice(0, 8));
    await engine.search('weather', { ranker: 'transformers' });
    expect(fake.pipelineCalls).toHaveLength(1);
  });

  it('says transformers.js is not part of an engine without it, as rankers() does, before asking for its URLs', async () => {
    const engine = createEngine({ indexStore: null });
    await engine.loadCatalog(TOOLS);
    const error = await engine.search('mail', { ranker: 'transformers' }).catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('unsupported-environment');
    expect((error as Error).message).toMatch(/^@loadout\/browser: transformers\.js is not part of this engine: start the worker from @loadout\/browser\/worker-transformers/);
  });

  it('throws invalid-option without modelBaseUrl or wasmPaths, and model-unavailable when files are missing', async () => {
    const engine = createEngine({ indexStore: null, wasmPaths: 'https://app.example/ort/', loadTransformers: async () => createFakeTransformers().library });
    await engine.loadCatalog(TOOLS);
    const error = await engine.search('mail', { ranker: 'transformers' }).catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('invalid-option');
    expect((error as Error).message).toMatch(/modelBaseUrl/);

    const fake = createFakeTransformers({ missing: true });
    const missing = createEngine({ indexStore: null, modelBaseUrl: 'https://app.example/models/', wasmPaths: 'https://app.example/ort/', loadTransformers: async () => fake.library });
    await missing.loadCatalog(TOOLS);
    const unavailable = await missing.prepare('transformers').catch((caught: unknown) => caught);
    expect(isLoadoutError(unavailable) && unavailable.code).toBe('model-unavailable');
    expect((unavailable as Error).message).toMatch(/Xenova\/all-MiniLM-L6-v2/);
  });
});
