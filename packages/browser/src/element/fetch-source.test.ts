import { createLoadoutError } from '@loadout/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSource } from './fetch-source.js';

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
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([0x4c, 0x44, 0x49, 0x58, 1, 2])));
    expect(await fetchSource(url, true)).toEqual(new Uint8Array([0x4c, 0x44, 0x49, 0x58, 1, 2]));
  });
});

describe('fetchSource on text that is not a UTF-8 catalog', () => {
  const serve = (body: Uint8Array<ArrayBuffer> | string, type = 'application/json'): void => {
    vi.stubGlobal('fetch', async () => new Response(body, { headers: { 'content-type': type } }));
  };

  it('refuses Latin-1 with file-not-text naming the URL, not the contents', async () => {
    // "café_search" in Latin-1: é is the one byte 0xE9.
    serve(Uint8Array.from('[{"name":"café_search"}]', (char) => char.charCodeAt(0)));
    const error = await fetchSource(url, false).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'file-not-text',
      message: '<loadout-search>: https://tools.example/site/missing.json is not a UTF-8 text file: it is not valid UTF-8 (Latin-1 or another legacy encoding?); save it as UTF-8',
      details: { url: url.href, encoding: 'invalid-utf-8' },
    });
    expect((error as Error).message).not.toMatch(/caf/);
  });

  it('names UTF-16 with the command that converts it, with or without a byte-order mark', async () => {
    const utf16 = (text: string, mark: boolean): Uint8Array<ArrayBuffer> => {
      const bytes = new Uint8Array((mark ? 2 : 0) + text.length * 2);
      if (mark) bytes.set([0xff, 0xfe]);
      for (let index = 0; index < text.length; index++) bytes[(mark ? 2 : 0) + index * 2] = text.charCodeAt(index);
      return bytes;
    };
    for (const mark of [true, false]) {
      serve(utf16('[{"name":"u16_tool"}]', mark));
      await expect(fetchSource(url, false)).rejects.toMatchObject({
        code: 'file-not-text',
        message: expect.stringContaining('is not a UTF-8 text file: it is UTF-16 LE text; save it as UTF-8 (for example: iconv -f UTF-16LE -t UTF-8)'),
      });
    }
  });

  it('reads UTF-8 with a byte-order mark, dropping the mark', async () => {
    serve(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('[{"name":"café"}]')]));
    expect(await fetchSource(url, false)).toBe('[{"name":"café"}]');
  });

  it('says the server answered an HTML page, for a catalog and for an index', async () => {
    serve('\n  <!doctype html><html><body>app</body></html>', 'text/html');
    await expect(fetchSource(url, false)).rejects.toMatchObject({
      code: 'catalog-invalid-format',
      message:
        "<loadout-search>: https://tools.example/site/missing.json answered an HTML page, not a catalog, as a server does for a file it does not have (a single-page app's fallback page); check the catalog URL",
    });
    await expect(fetchSource(url, true)).rejects.toMatchObject({ code: 'index-corrupt', message: expect.stringContaining('answered an HTML page, not an index file') });
  });

  it('says a catalog given as the index is one, naming the attribute to use', async () => {
    serve('[{"name":"a"}]');
    await expect(fetchSource(url, true)).rejects.toMatchObject({
      code: 'index-corrupt',
      message: '<loadout-search>: https://tools.example/site/missing.json is a catalog (JSON), not an index file (what loadout index writes): name it in the catalog attribute',
    });
  });

  it('says UTF-16 text or other bytes given as the index are not an index, instead of advising a decoder', async () => {
    const text = '\ufeff[{"name":"a"}]';
    serve(Uint8Array.from({ length: text.length * 2 }, (_, at) => (at % 2 === 0 ? text.charCodeAt(at / 2) & 0xff : text.charCodeAt((at - 1) / 2) >> 8)));
    await expect(fetchSource(url, true)).rejects.toMatchObject({
      code: 'index-corrupt',
      message:
        '<loadout-search>: https://tools.example/site/missing.json is not an index file (what loadout index writes, starting with LDIX): name an index in the index attribute, a catalog in the catalog attribute',
    });
  });
});
