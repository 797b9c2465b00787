import { afterEach, describe, it, expect, vi } from 'vitest';
import { resolveConfigUrls } from './resolve-config-urls.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveConfigUrls', () => {
  it('resolves every URL against the page, so a worker fetches what the page meant', () => {
    vi.stubGlobal('location', { href: 'https://app.example/play/index.html' });
    expect(resolveConfigUrls({ staticTableUrl: 'tables/glove.ldwv', modelBaseUrl: '/models/', wasmPaths: 'ort/', tokenizer: 'approximate' })).toEqual({
      staticTableUrl: 'https://app.example/play/tables/glove.ldwv',
      modelBaseUrl: 'https://app.example/models/',
      wasmPaths: 'https://app.example/play/ort/',
      tokenizer: 'approximate',
    });
    expect(resolveConfigUrls({ wasmPaths: { mjs: 'a.mjs', wasm: '/b.wasm' } }).wasmPaths).toEqual({ mjs: 'https://app.example/play/a.mjs', wasm: 'https://app.example/b.wasm' });
  });

  it('leaves URLs alone without a page location', () => {
    vi.stubGlobal('location', undefined);
    expect(resolveConfigUrls({ staticTableUrl: 'tables/glove.ldwv' })).toEqual({ staticTableUrl: 'tables/glove.ldwv' });
  });
});
