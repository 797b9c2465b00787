import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { createEmbeddingCache, embeddingCacheKey } from './embedding-cache.js';
import { loadEmbeddingCache, saveEmbeddingCache } from './embedding-cache-file.js';

describe('createEmbeddingCache', () => {
  it('stores by model and text, counting hits and misses', () => {
    const cache = createEmbeddingCache();
    const vector = Float32Array.from([1, 0]);
    expect(cache.get('m', 'hello')).toBeUndefined();
    cache.set('m', 'hello', vector);
    expect(cache.get('m', 'hello')).toBe(vector);
    expect(cache.get('other-model', 'hello')).toBeUndefined();
    expect(cache.get('m', 'hello ')).toBeUndefined();
    expect(cache.stats).toEqual({ hits: 1, misses: 3 });
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.stats).toEqual({ hits: 0, misses: 0 });
  });

  it('keys by a content hash, not the text', () => {
    const text = 'a long description '.repeat(100);
    const key = embeddingCacheKey('m', text);
    expect(key.length).toBeLessThan(40);
    expect(key).toMatch(/^m\u0000[0-9a-f]{16}:1900$/);
  });

  it('evicts the least recently used entry beyond maxEntries', () => {
    const cache = createEmbeddingCache({ maxEntries: 2 });
    cache.set('m', 'a', Float32Array.of(1));
    cache.set('m', 'b', Float32Array.of(2));
    cache.get('m', 'a');
    cache.set('m', 'c', Float32Array.of(3));
    expect(cache.size).toBe(2);
    expect(cache.get('m', 'b')).toBeUndefined();
    expect(cache.get('m', 'a')).toEqual(Float32Array.of(1));
    expect(() => createEmbeddingCache({ maxEntries: 0 })).toThrow('@loadout/embeddings: maxEntries must be an integer ≥ 1 (got 0)');
  });

  it('saves to a file and loads back, ignoring a missing file and rejecting a foreign one', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'loadout-cache-'));
    try {
      const cache = createEmbeddingCache();
      cache.set('model-a', 'first text', Float32Array.from([0.25, -0.5, 1]));
      cache.set('model-b', 'second', Float32Array.from([0.125]));
      const path = join(directory, 'deep', 'cache.bin');
      await saveEmbeddingCache(cache, path);
      const restored = createEmbeddingCache();
      expect(await loadEmbeddingCache(restored, path)).toBe(2);
      expect(restored.get('model-a', 'first text')).toEqual(Float32Array.from([0.25, -0.5, 1]));
      expect(restored.get('model-b', 'second')).toEqual(Float32Array.from([0.125]));
      expect(await loadEmbeddingCache(restored, join(directory, 'missing.bin'))).toBe(0);
      await writeFile(join(directory, 'version-1.bin'), 'LDEC1\n[["k",1]]\n  \u0000\u0000\u0000\u0000');
      expect(await loadEmbeddingCache(restored, join(directory, 'version-1.bin'))).toBe(0);
      const damaged = await readFile(path);
      damaged[damaged.length - 9]! ^= 0x10;
      await writeFile(join(directory, 'damaged.bin'), damaged);
      const before = restored.size;
      await expect(loadEmbeddingCache(restored, join(directory, 'damaged.bin'))).rejects.toMatchObject({
        code: 'index-corrupt',
        message: expect.stringContaining(`embedding cache ${JSON.stringify(join(directory, 'damaged.bin'))} is corrupt: checksum mismatch`),
      });
      expect(restored.size).toBe(before);
      await writeFile(join(directory, 'foreign.bin'), 'hello\nworld\n');
      await expect(loadEmbeddingCache(restored, join(directory, 'foreign.bin'))).rejects.toSatisfy(
        (error: unknown) => isLoadoutError(error) && error.code === 'index-corrupt',
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
