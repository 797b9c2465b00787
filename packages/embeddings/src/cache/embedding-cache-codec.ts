import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { openFrame, sealFrame } from '@loadout/core/utils';
import type { FrameFormat } from '@loadout/core/utils';
import type { EmbeddingCacheEntry } from './embedding-cache.js';

/** Format version written; a version-1 file (`LDEC1` text header, no checksum) is ignored by the loader. */
export const EMBEDDING_CACHE_VERSION = 2;
const MAX_DIMENSIONS = 65_536;

function corrupt(reason: string, details: Record<string, unknown> = {}): LoadoutError {
  return createLoadoutError('index-corrupt', `@loadout/embeddings: embedding cache is corrupt: ${reason}`, { reason, ...details });
}

/** `LDEC`, version 2, in the shared checksum frame of `@loadout/core`. */
const CACHE_FRAME: FrameFormat = { magic: Uint8Array.of(0x4c, 0x44, 0x45, 0x43), version: EMBEDDING_CACHE_VERSION, corrupt };

/** The first bytes of a version-1 cache file, which carried no checksum. */
const VERSION_1_HEADER = new TextEncoder().encode('LDEC1\n');

/** True when `bytes` start like a version-1 embedding cache (written before checksums). */
export function isVersion1EmbeddingCache(bytes: Uint8Array): boolean {
  return VERSION_1_HEADER.every((byte, index) => bytes[index] === byte);
}

/**
 * Serialises cache entries inside the shared checksum frame (`sealFrame`:
 * magic `LDEC`, u16 version 2, u16 flags 0, …, u32 FNV-1a checksum). The
 * payload, little-endian: u32 byte length of a UTF-8 JSON list of
 * `[key, dimensions]` pairs, the list, zero padding to a multiple of 4, then
 * every vector's float32 values in list order. Pure.
 */
export function encodeEmbeddingCache(entries: readonly EmbeddingCacheEntry[]): Uint8Array {
  const list = new TextEncoder().encode(JSON.stringify(entries.map(({ key, vector }) => [key, vector.length])));
  const valuesOffset = Math.ceil((4 + list.length) / 4) * 4;
  const floats = entries.reduce((sum, { vector }) => sum + vector.length, 0);
  const payload = new Uint8Array(valuesOffset + floats * 4);
  const view = new DataView(payload.buffer);
  view.setUint32(0, list.length, true);
  payload.set(list, 4);
  let offset = valuesOffset;
  for (const { vector } of entries) {
    for (let index = 0; index < vector.length; index++, offset += 4) view.setFloat32(offset, vector[index]!, true);
  }
  return sealFrame(CACHE_FRAME, payload);
}

/**
 * Reads entries written by {@link encodeEmbeddingCache}, all or nothing.
 * Throws `index-corrupt` for another file, a changed byte (checksum), another
 * format version, or a checksummed but inconsistent payload: a list that is
 * not `[string, integer 1–65,536]` pairs, sizes that do not add up, or a
 * value that is not a finite number. Pure.
 */
export function decodeEmbeddingCache(bytes: Uint8Array): EmbeddingCacheEntry[] {
  const { payload } = openFrame(bytes, CACHE_FRAME);
  if (payload.length < 4) throw corrupt('payload too short', { length: payload.length });
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const listLength = view.getUint32(0, true);
  if (4 + listLength > payload.length) throw corrupt(`key list of ${listLength} bytes exceeds the payload`, { listLength });
  let list: unknown;
  try {
    list = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload.subarray(4, 4 + listLength)));
  } catch {
    throw corrupt('key list is not UTF-8 JSON');
  }
  if (!Array.isArray(list)) throw corrupt('key list is not an array');
  let total = 0;
  for (const item of list as unknown[]) {
    const [key, dimensions] = Array.isArray(item) ? (item as unknown[]) : [];
    if (!Array.isArray(item) || item.length !== 2 || typeof key !== 'string' || !Number.isInteger(dimensions) || (dimensions as number) < 1 || (dimensions as number) > MAX_DIMENSIONS) {
      throw corrupt('key list holds an entry that is not [key, dimensions 1–65,536]');
    }
    total += dimensions as number;
  }
  const valuesOffset = Math.ceil((4 + listLength) / 4) * 4;
  if (payload.length - valuesOffset !== total * 4) {
    throw corrupt(`${payload.length - valuesOffset} bytes of values where the key list implies ${total * 4}`);
  }
  let offset = valuesOffset;
  return (list as [string, number][]).map(([key, dimensions]) => {
    const vector = new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index++, offset += 4) {
      const value = view.getFloat32(offset, true);
      if (!Number.isFinite(value)) throw corrupt(`vector of key ${JSON.stringify(key)} holds ${value}`);
      vector[index] = value;
    }
    return { key, vector };
  });
}
