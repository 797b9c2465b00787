import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { createIndexedDbIndexStore } from './indexeddb-index-store.js';

const inBrowser = typeof indexedDB !== 'undefined';
const key = (catalogHash: string) => ({ catalogHash, ranker: 'bm25f', version: 'lbmf1' });
const databaseName = () => `loadout-test-${Math.random().toString(36).slice(2)}`;

describe.skipIf(!inBrowser)('createIndexedDbIndexStore in Chromium', () => {
  it('stores blobs by key and reads them back after the connection is closed and reopened', async () => {
    const name = databaseName();
    const store = createIndexedDbIndexStore({ databaseName: name });
    expect(await store.get(key('a'))).toBeUndefined();
    const blob = Uint8Array.from({ length: 1000 }, (_, index) => index % 251);
    await store.put(key('a'), blob);
    store.close();
    const reopened = createIndexedDbIndexStore({ databaseName: name });
    const read = await reopened.get(key('a'));
    expect(read).toBeInstanceOf(Uint8Array);
    expect(Array.from(read!)).toEqual(Array.from(blob));
    expect(await reopened.get({ ...key('a'), version: 'lbmf2' })).toBeUndefined();
    await reopened.delete(key('a'));
    expect(await reopened.get(key('a'))).toBeUndefined();
    reopened.close();
  });

  it('keeps at most maxEntries blobs, dropping the oldest written', async () => {
    const store = createIndexedDbIndexStore({ databaseName: databaseName(), maxEntries: 2 });
    for (const hash of ['one', 'two', 'three']) {
      await store.put(key(hash), Uint8Array.of(1));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await store.get(key('one'))).toBeUndefined();
    expect(await store.get(key('two'))).toBeDefined();
    expect(await store.get(key('three'))).toBeDefined();
    await store.clear();
    expect(await store.get(key('three'))).toBeUndefined();
    store.close();
  });

  it('rejects unsupported-environment without IndexedDB', async () => {
    const store = createIndexedDbIndexStore({ indexedDB: undefined, databaseName: databaseName() });
    const saved = globalThis.indexedDB;
    Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
    try {
      const error = await store.get(key('a')).catch((caught: unknown) => caught);
      expect(isLoadoutError(error) && error.code).toBe('unsupported-environment');
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', { value: saved, configurable: true });
    }
  });
});
