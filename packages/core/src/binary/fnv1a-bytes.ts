/**
 * 32-bit FNV-1a of bytes `[from, to)`, continuing from `seed`. Any change of
 * a single byte changes the result (each step is a bijection of the state).
 * Deterministic everywhere; a checksum, not for security.
 */
export function fnv1aBytes(data: Uint8Array, from = 0, to = data.length, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let index = from; index < to; index++) {
    hash ^= data[index]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
