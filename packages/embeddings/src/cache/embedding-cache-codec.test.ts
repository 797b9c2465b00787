import { describe, expect, it } from 'vitest';
import { damageOutcome, resealFrame, undetectedBitFlips } from '@loadout/core/test';
import { decodeEmbeddingCache, encodeEmbeddingCache } from './embedding-cache-codec.js';

const entries = [
  { key: 'model-a\u0000abcdef0123456789:10', vector: Float32Array.from([0.25, -0.5, 1]) },
  { key: 'model-b\u0000fedcba9876543210:6', vector: Float32Array.from([0.125]) },
];

/** A cache file whose key list is `list` (raw JSON text) followed by `values`, checksum valid. */
function craftedCache(list: string, values: readonly number[] = [], listLength?: number): Uint8Array {
  const json = new TextEncoder().encode(list);
  const valuesOffset = Math.ceil((4 + json.length) / 4) * 4;
  const bytes = encodeEmbeddingCache([]).slice(0, 8);
  const payload = new Uint8Array(valuesOffset + values.length * 4);
  const view = new DataView(payload.buffer);
  view.setUint32(0, listLength ?? json.length, true);
  payload.set(json, 4);
  values.forEach((value, index) => view.setFloat32(valuesOffset + index * 4, value, true));
  const file = new Uint8Array(8 + payload.length + 4);
  file.set(bytes);
  file.set(payload, 8);
  return resealFrame(file);
}

describe('embedding cache codec', () => {
  it('round-trips entries in order', () => {
    const decoded = decodeEmbeddingCache(encodeEmbeddingCache(entries));
    expect(decoded).toEqual(entries);
    expect(decodeEmbeddingCache(encodeEmbeddingCache([]))).toEqual([]);
    expect(decodeEmbeddingCache(craftedCache('[["k",2]]', [1, 2]))).toEqual([{ key: 'k', vector: Float32Array.from([1, 2]) }]);
  });

  it('detects every flipped bit at every byte position of a small cache', () => {
    const bytes = encodeEmbeddingCache(entries);
    expect(bytes.length).toBeLessThan(200);
    expect(undetectedBitFlips(bytes, decodeEmbeddingCache)).toEqual([]);
  });

  it.each([
    ['a key list longer than the file', craftedCache('[]', [], 0x7fffffff)],
    ['a key list that is not JSON', craftedCache('[["k",')],
    ['a key list that is an object', craftedCache('{"k":1}')],
    ['negative dimensions', craftedCache('[["k",-1]]')],
    ['NaN dimensions (null in JSON)', craftedCache('[["k",null]]')],
    ['2^32 dimensions', craftedCache('[["k",4294967296]]')],
    ['fractional dimensions', craftedCache('[["k",1.5]]', [1, 2])],
    ['a key that is not a string', craftedCache('[[7,1]]', [1])],
    ['more values than listed', craftedCache('[["k",1]]', [1, 2])],
    ['fewer values than listed', craftedCache('[["k",3]]', [1, 2])],
    ['a NaN value', craftedCache('[["k",2]]', [1, Number.NaN])],
    ['an infinite value', craftedCache('[["k",1]]', [Number.NEGATIVE_INFINITY])],
  ])('refuses a checksummed cache with %s as index-corrupt', (_, bytes) => {
    expect(damageOutcome(() => decodeEmbeddingCache(bytes))).toBe('index-corrupt');
  });
});
