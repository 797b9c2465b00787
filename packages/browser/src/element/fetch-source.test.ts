import { createLoadoutError } from '@loadout/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSource, namingSource } from './fetch-source.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const url = new URL('https://tools.example/site/missing.json');

describe('fetchSource', () => {
  it('refuses a 404 with file-not-found and another status with file-unreadable, naming the URL', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    await expect(fetchSource(url, false)).rejects.toMatchObject({ code: 'file-not-found', message: '<loadout-search>: https://tools.example/site/missing.json answered HTTP 404' });
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 500 }));
    await expect(fetchSource(url, false)).rejects.toMatchObject({ code: 'file-unreadable', message: expect.stringContaining('answered HTTP 500') });
  });

  it('names the URL when it cannot be fetched at all', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchSource(url, true)).rejects.toMatchObject({
      code: 'file-unreadable',
      message: '<loadout-search>: could not fetch https://tools.example/site/missing.json (Failed to fetch)',
    });
  });

  it('reads text or bytes', async () => {
    vi.stubGlobal('fetch', async () => new Response('[]'));
    expect(await fetchSource(url, false)).toBe('[]');
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([1, 2])));
    expect(await fetchSource(url, true)).toEqual(new Uint8Array([1, 2]));
  });
});

describe('namingSource', () => {
  it('prefixes a coded error that does not name the URL, keeping its code', () => {
    const named = namingSource(createLoadoutError('index-corrupt', '@loadout/browser: the prebuilt index is corrupt: truncated'), url);
    expect(named).toMatchObject({ code: 'index-corrupt', message: 'https://tools.example/site/missing.json: @loadout/browser: the prebuilt index is corrupt: truncated' });
    const already = createLoadoutError('catalog-invalid-json', '/site/missing.json: invalid JSON');
    expect(namingSource(already, url)).toBe(already);
  });
});
