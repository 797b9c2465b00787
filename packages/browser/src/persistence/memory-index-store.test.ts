import { describe, it, expect } from 'vitest';
import { indexKeyString } from './index-store.js';
import { createMemoryIndexStore } from './memory-index-store.js';

const key = { catalogHash: 'v1-00-1', ranker: 'bm25f', version: 'lbmf1' };

describe('createMemoryIndexStore', () => {
  it('stores copies by key and counts hits, misses and puts', async () => {
    const store = createMemoryIndexStore();
    expect(await store.get(key)).toBeUndefined();
    const blob = Uint8Array.of(1, 2, 3);
    await store.put(key, blob);
    blob[0] = 9;
    const read = await store.get(key);
    expect(Array.from(read!)).toEqual([1, 2, 3]);
    read![1] = 9;
    expect(Array.from((await store.get(key))!)).toEqual([1, 2, 3]);
    expect(await store.get({ ...key, version: 'lbmf2' })).toBeUndefined();
    expect(store.stats).toEqual({ hits: 2, misses: 2, puts: 1 });
    expect(store.keys()).toEqual([indexKeyString(key)]);
  });

  it('deletes and clears', async () => {
    const store = createMemoryIndexStore();
    await store.put(key, Uint8Array.of(1));
    await store.put({ ...key, ranker: 'static-embedding' }, Uint8Array.of(2));
    await store.delete(key);
    expect(store.size).toBe(1);
    await store.clear();
    expect(store.size).toBe(0);
  });

  it('keys every part of the key', () => {
    expect(indexKeyString(key)).toBe('v1-00-1|bm25f|lbmf1');
  });
});
