import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { api } from './api.js';
import { MAX_JSON_DEPTH } from './json-depth.js';

/** The code of the failure `body` throws (the API never returns one: it throws it, as componentize-js expects). */
function failureCode(body: () => unknown): string | undefined {
  try {
    body();
    return undefined;
  } catch (failure) {
    return (failure as { code?: string }).code;
  }
}

const call = api as unknown as Record<string, (...args: unknown[]) => unknown>;

describe('the wasm API from a plain JavaScript engine', () => {
  it('answers arguments of the wrong type with invalid-input naming them, never internal', () => {
    const Index = api.Index as unknown as Record<string, (...args: unknown[]) => { search: (...args: unknown[]) => unknown }>;
    expect(failureCode(() => call['decide']!(undefined))).toBe('invalid-input');
    expect(failureCode(() => call['decide']!(42))).toBe('invalid-input');
    expect(failureCode(() => call['plan']!('[]', 't', null))).toBe('invalid-input');
    expect(failureCode(() => Index['fromSaved']!('[{"name":"a","description":"b"}]', 't', null))).toBe('invalid-input');
    // Bytes of another realm (as componentize-js hands a list<u8> over) are bytes: the index reads them, and finds them too short.
    expect(failureCode(() => Index['fromSaved']!('[{"name":"a","description":"b"}]', 't', runInNewContext('new Uint8Array([1, 2, 3])')))).toBe('index-corrupt');
    expect(failureCode(() => Index['fromCatalogMaxTools']!('[{"name":"a","description":"b"}]', 't', '5'))).toBe('invalid-input');
    const index = Index['fromCatalog']!('[{"name":"a","description":"b"}]', 't');
    expect(failureCode(() => index.search(42, 5))).toBe('invalid-input');
    expect(failureCode(() => index.search('a', '5'))).toBe('invalid-input');
    try {
      call['decide']!(42);
    } catch (failure) {
      expect((failure as { message: string }).message).toBe('decide: input must be a string, got 42');
    }
  });

  it('refuses JSON nested deeper than its limit before parsing it, and parses schemas 1,000 levels deep', () => {
    const deep = (levels: number): string => `[{"name":"a","description":"b","inputSchema":${'{"x":'.repeat(levels)}1${'}'.repeat(levels)}}]`;
    expect(failureCode(() => api.Index.fromCatalog('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1), 't'))).toBe('catalog-invalid-json');
    expect(failureCode(() => api.Index.fromCatalog(deep(20_000), 't'))).toBe('catalog-invalid-json');
    expect(failureCode(() => api.decide(`{"model":${'['.repeat(20_000)}`))).toBe('invalid-input');
    // Brackets inside strings are text, not nesting.
    expect(failureCode(() => api.Index.fromCatalog(`[{"name":"a","description":"${'['.repeat(20_000)}"}]`, 't'))).toBeUndefined();
    expect(failureCode(() => api.Index.fromCatalog(deep(1000), 't'))).toBeUndefined();
  });
});
