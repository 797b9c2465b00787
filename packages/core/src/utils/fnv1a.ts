const OFFSET_BASIS_32 = 0x811c9dc5;
const PRIME_32 = 0x01000193;
const PRIME_64_LOW = 0x1b3;
const TWO_32 = 0x1_0000_0000;

/**
 * 32-bit FNV-1a over the UTF-16 code units of `text`, as an unsigned
 * integer. `seed` continues an earlier hash (default: the FNV offset basis
 * `0x811c9dc5`), so `fnv1a32(b, fnv1a32(a)) === fnv1a32(a + b)`.
 * Deterministic on every platform and fast; for cache keys, seeds and
 * checksums, not for security.
 */
export function fnv1a32(text: string, seed = OFFSET_BASIS_32): number {
  let hash = seed;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, PRIME_32);
  }
  return hash >>> 0;
}

/**
 * 32-bit FNV-1a over the bytes `data[from .. to)` (default: all of them),
 * continuing from `seed` like {@link fnv1a32}. For checksums of binary
 * files; not for security.
 */
export function fnv1a32Bytes(data: Uint8Array, from = 0, to = data.length, seed = OFFSET_BASIS_32): number {
  let hash = seed;
  for (let index = from; index < to; index++) {
    hash ^= data[index]!;
    hash = Math.imul(hash, PRIME_32);
  }
  return hash >>> 0;
}

/**
 * 64-bit FNV-1a over the UTF-16 code units of `text`, as 16 lower-case hex
 * digits (the reference values: `''` → `cbf29ce484222325`, `'a'` →
 * `af63dc4c8601ec8c`). Computed exactly in two 32-bit halves, without
 * BigInt. For content-addressed cache keys and fingerprints where 32 bits
 * could collide; not for security.
 */
export function fnv1a64(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (let index = 0; index < text.length; index++) {
    low = (low ^ text.charCodeAt(index)) >>> 0;
    const lowProduct = low * PRIME_64_LOW;
    const carry = Math.floor(lowProduct / TWO_32);
    high = (high * PRIME_64_LOW + carry + ((low << 8) >>> 0)) >>> 0;
    low = lowProduct >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}
