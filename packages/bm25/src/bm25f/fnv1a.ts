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
