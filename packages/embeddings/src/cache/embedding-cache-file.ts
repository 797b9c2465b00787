import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createLoadoutError } from '@loadout/core';
import type { EmbeddingCache } from './embedding-cache.js';

const MAGIC = 'LDEC1\n';

/**
 * Writes every entry of a cache to `path` (directories created, written
 * atomically): a `LDEC1` line, a JSON line of `[key, dimensions]` pairs, then
 * the float32 values. Node only.
 */
export async function saveEmbeddingCache(cache: EmbeddingCache, path: string): Promise<void> {
  const entries = cache.entries();
  const header = new TextEncoder().encode(`${MAGIC}${JSON.stringify(entries.map(({ key, vector }) => [key, vector.length]))}\n`);
  const floats = entries.reduce((sum, { vector }) => sum + vector.length, 0);
  const padding = (4 - (header.length % 4)) % 4;
  const bytes = new Uint8Array(header.length + padding + floats * 4);
  bytes.set(header);
  bytes.fill(0x20, header.length, header.length + padding);
  const view = new DataView(bytes.buffer);
  let offset = header.length + padding;
  for (const { vector } of entries) {
    for (let index = 0; index < vector.length; index++, offset += 4) view.setFloat32(offset, vector[index]!, true);
  }
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/**
 * Adds the entries saved at `path` to `cache`; returns how many. A missing
 * file adds nothing (returns 0); a malformed one throws `index-corrupt`. Node only.
 */
export async function loadEmbeddingCache(cache: EmbeddingCache, path: string): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw createLoadoutError('file-unreadable', `@loadout/embeddings: cannot read embedding cache ${JSON.stringify(path)}: ${String(error)}`, { path });
  }
  const corrupt = (reason: string) =>
    createLoadoutError('index-corrupt', `@loadout/embeddings: embedding cache ${JSON.stringify(path)} ${reason}`, { path });
  const firstBreak = bytes.indexOf(0x0a);
  const secondBreak = bytes.indexOf(0x0a, firstBreak + 1);
  const decoder = new TextDecoder();
  if (firstBreak < 0 || decoder.decode(bytes.subarray(0, firstBreak + 1)) !== MAGIC || secondBreak < 0) throw corrupt('is not a Loadout embedding cache');
  let list: [string, number][];
  try {
    list = JSON.parse(decoder.decode(bytes.subarray(firstBreak + 1, secondBreak))) as [string, number][];
  } catch {
    throw corrupt('has a malformed header');
  }
  let offset = secondBreak + 1;
  offset += (4 - (offset % 4)) % 4;
  const total = list.reduce((sum, [, dimensions]) => sum + dimensions, 0);
  if (!Array.isArray(list) || bytes.length - offset !== total * 4) throw corrupt('has the wrong length');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const [key, dimensions] of list) {
    const vector = new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index++, offset += 4) vector[index] = view.getFloat32(offset, true);
    cache.setEntry(key, vector);
  }
  return list.length;
}
