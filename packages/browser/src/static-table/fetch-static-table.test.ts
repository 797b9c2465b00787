import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { encodeWordVectorTable } from '@loadout/embeddings/browser';
import { createFakeCaches, createFakeFetch } from '../__fixtures__/fake-caches.js';
import { tinyTable } from '../__fixtures__/tiny-table.js';
import { DEFAULT_STATIC_TABLE_CACHE, fetchStaticTable } from './fetch-static-table.js';


const URL_OF_TABLE = 'https://app.example/static/glove.ldwv';
const bytes = () => encodeWordVectorTable(tinyTable());

async function codeOf(task: Promise<unknown>): Promise<string | undefined> {
  try {
    await task;
    return undefined;
  } catch (error) {
    return isLoadoutError(error) ? error.code : 'not-a-loadout-error';
  }
}

describe('fetchStaticTable', () => {
  it('fetches and decodes the table, then serves it from the Cache API without the network', async () => {
    const caches = createFakeCaches();
    const fetch = createFakeFetch({ [URL_OF_TABLE]: bytes() });
    const table = await fetchStaticTable({ url: URL_OF_TABLE, fetch, caches });
    expect(table.dimensions).toBe(100);
    expect(table.words).toContain('email');
    expect(caches.entries.get(DEFAULT_STATIC_TABLE_CACHE)?.has(URL_OF_TABLE)).toBe(true);
    const again = await fetchStaticTable({ url: URL_OF_TABLE, fetch, caches });
    expect(again.words).toEqual(table.words);
    expect(fetch.calls).toEqual([URL_OF_TABLE]);
  });

  it('uses the named cache, or none with cacheName null', async () => {
    const caches = createFakeCaches();
    const fetch = createFakeFetch({ [URL_OF_TABLE]: bytes() });
    await fetchStaticTable({ url: URL_OF_TABLE, fetch, caches, cacheName: 'mine' });
    expect([...caches.entries.keys()]).toEqual(['mine']);
    await fetchStaticTable({ url: URL_OF_TABLE, fetch, caches, cacheName: null });
    await fetchStaticTable({ url: URL_OF_TABLE, fetch, caches, cacheName: null });
    expect(fetch.calls).toHaveLength(3);
  });

  it('drops a cached copy that does not decode and fetches the table again', async () => {
    const caches = createFakeCaches();
    const cache = await caches.open(DEFAULT_STATIC_TABLE_CACHE);
    await cache.put(URL_OF_TABLE, new Response(Uint8Array.of(1, 2, 3)));
    const fetch = createFakeFetch({ [URL_OF_TABLE]: bytes() });
    expect((await fetchStaticTable({ url: URL_OF_TABLE, fetch, caches })).dimensions).toBe(100);
    expect(fetch.calls).toHaveLength(1);
    expect(caches.entries.get(DEFAULT_STATIC_TABLE_CACHE)?.get(URL_OF_TABLE)?.length).toBe(bytes().length);
  });

  it('reports a missing table, a network failure and bytes that are not a table with their codes', async () => {
    const fetch = createFakeFetch({ [URL_OF_TABLE]: new TextEncoder().encode('<!doctype html>') });
    expect(await codeOf(fetchStaticTable({ url: 'https://app.example/none.ldwv', fetch, caches: createFakeCaches() }))).toBe('file-not-found');
    expect(await codeOf(fetchStaticTable({ url: URL_OF_TABLE, fetch, caches: createFakeCaches() }))).toBe('index-corrupt');
    const offline = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    const error = await fetchStaticTable({ url: URL_OF_TABLE, fetch: offline, cacheName: null }).catch((failure: unknown) => failure);
    expect(isLoadoutError(error) && error.code).toBe('file-unreadable');
    expect(String((error as Error).message)).toContain(URL_OF_TABLE);
    const broken = createFakeFetch({});
    const status = await fetchStaticTable({ url: 'https://app.example/none.ldwv', fetch: broken, cacheName: null }).catch((failure: unknown) => failure);
    expect((status as Error).message).toMatch(/HTTP 404.*glove-sg-100d-50k\.ldwv/);
  });

  it('rejects a URL that does not parse', async () => {
    expect(await codeOf(fetchStaticTable({ url: 'http://[bad', cacheName: null }))).toBe('invalid-option');
  });
});
