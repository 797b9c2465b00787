import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { createEngine } from '../engine/create-engine.js';
import { createMemoryIndexStore } from '../persistence/memory-index-store.js';
import { buildPrebuiltIndex } from './build-prebuilt-index.js';
import { decodePrebuiltIndex, encodePrebuiltIndex, isPrebuiltIndex } from './prebuilt-index-codec.js';

async function failure(run: () => unknown): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('prebuilt index files', () => {
  it('round-trip the catalog, ranker, format and index bytes in an LDIX checksum frame', () => {
    const bytes = encodePrebuiltIndex({ catalog: '{"tools":[]}', ranker: 'bm25f', format: 'lbmf2', index: Uint8Array.of(1, 2, 3) });
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('LDIX');
    expect(isPrebuiltIndex(bytes)).toBe(true);
    expect(isPrebuiltIndex(Uint8Array.of(1, 2, 3))).toBe(false);
    const decoded = decodePrebuiltIndex(bytes);
    expect({ ...decoded, index: [...decoded.index] }).toEqual({ catalog: '{"tools":[]}', ranker: 'bm25f', format: 'lbmf2', index: [1, 2, 3] });
  });

  it('load into an engine instead of building: the same hash and hits as the catalog, the index restored', async () => {
    const { bytes, read } = await buildPrebuiltIndex(TOOLS);
    const built = createEngine({ indexStore: null, tokenizer: 'approximate' });
    const loaded = createEngine({ indexStore: null, tokenizer: 'approximate' });
    const fromCatalog = await built.loadCatalog(TOOLS);
    const fromIndex = await loaded.loadCatalog(bytes);
    expect(fromIndex.hash).toBe(fromCatalog.hash);
    expect(fromIndex.hash).toBe(read.hash);
    expect(fromIndex.tools.map((tool) => tool.displayName)).toEqual(fromCatalog.tools.map((tool) => tool.displayName));
    const [a, b] = await Promise.all([built.search('send an email', { limit: 5 }), loaded.search('send an email', { limit: 5 })]);
    expect(a.indexSource).toBe('built');
    expect(b.indexSource).toBe('restored');
    expect(b.hits.map((hit) => [hit.tool.displayName, hit.score])).toEqual(a.hits.map((hit) => [hit.tool.displayName, hit.score]));
    built.dispose();
    loaded.dispose();
  });

  it('keep the engine store for other rankers, and never write the prebuilt index into it', async () => {
    const { bytes } = await buildPrebuiltIndex(TOOLS);
    const store = createMemoryIndexStore();
    const engine = createEngine({ indexStore: store, tokenizer: 'approximate' });
    const { hash } = await engine.loadCatalog(bytes);
    expect((await engine.search('weather')).indexSource).toBe('restored');
    await engine.flush();
    expect(await store.get({ catalogHash: hash, ranker: 'bm25f', version: decodePrebuiltIndex(bytes).format })).toBeUndefined();
    engine.dispose();
  });

  it('refuse a damaged file or other bytes with index-corrupt', async () => {
    const { bytes } = await buildPrebuiltIndex(TOOLS);
    const damaged = bytes.slice();
    damaged[20] = damaged[20]! ^ 0xff;
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate' });
    expect(await failure(() => engine.loadCatalog(damaged))).toMatchObject({ code: 'index-corrupt', message: '@loadout/browser: the prebuilt index is corrupt: checksum mismatch' });
    expect(await failure(() => engine.loadCatalog(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)))).toMatchObject({
      code: 'index-corrupt',
      message:
        '@loadout/browser: loadCatalog got 12 bytes that are not a prebuilt index (no LDIX mark at the start); pass a catalog as text (new TextDecoder().decode(bytes)), and only a file loadout index wrote as bytes',
    });
    const json = await failure(() => engine.loadCatalog(new TextEncoder().encode(JSON.stringify(TOOLS))));
    expect(json).toMatchObject({ code: 'index-corrupt', message: expect.stringContaining('not a prebuilt index (no LDIX mark at the start); they start like JSON, a catalog: pass a catalog as text') });
    expect((await failure(() => engine.loadCatalog(bytes.subarray(0, 10)))).message).toBe('@loadout/browser: the prebuilt index is corrupt: too short');
    engine.dispose();
  });
});
