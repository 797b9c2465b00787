/** 32-bit FNV-1a of bytes `[from, to)`, continuing from `seed`. */
export function fnv1aBytes(data: Uint8Array, from = 0, to = data.length, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let index = from; index < to; index++) {
    hash ^= data[index]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** 32-bit FNV-1a of the UTF-16 code units of strings, each followed by a 0 unit. */
export function fnv1aStrings(values: Iterable<string>): number {
  let hash = 0x811c9dc5;
  for (const value of values) {
    for (let index = 0; index < value.length; index++) {
      hash ^= value.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193);
    }
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
