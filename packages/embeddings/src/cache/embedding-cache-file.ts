import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { decodeEmbeddingCache, encodeEmbeddingCache, isVersion1EmbeddingCache } from './embedding-cache-codec.js';
import type { EmbeddingCache } from './embedding-cache.js';

/**
 * Writes every entry of a cache to `path` (directories created, written
 * atomically) with {@link encodeEmbeddingCache}: format version 2 in the
 * shared checksum frame. Node only.
 */
export async function saveEmbeddingCache(cache: EmbeddingCache, path: string): Promise<void> {
  const bytes = encodeEmbeddingCache(cache.entries());
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/**
 * Adds the entries saved at `path` to `cache`; returns how many. A missing
 * file adds nothing (returns 0), and so does a version-1 file written before
 * caches carried a checksum: it is a cache, so it is rebuilt as texts are
 * embedded again, and the next save replaces it. Any other file, or a
 * damaged one (checksum, sizes, values), throws `index-corrupt` naming the
 * path and adds nothing; a caller that can re-embed may catch it and go on
 * with an empty cache. Node only.
 */
export async function loadEmbeddingCache(cache: EmbeddingCache, path: string): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw createLoadoutError('file-unreadable', `@loadout/embeddings: cannot read embedding cache ${JSON.stringify(path)}: ${String(error)}`, { path });
  }
  if (isVersion1EmbeddingCache(bytes)) return 0;
  let entries;
  try {
    entries = decodeEmbeddingCache(bytes);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    throw createLoadoutError('index-corrupt', error.message.replace('embedding cache', `embedding cache ${JSON.stringify(path)}`), { ...error.details, path });
  }
  for (const { key, vector } of entries) cache.setEntry(key, vector);
  return entries.length;
}
