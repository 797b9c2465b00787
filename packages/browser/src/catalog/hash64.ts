/**
 * A 64-bit hash of `text` as 16 hex digits: two independent 32-bit FNV-1a
 * lanes (different offset bases, the second also mixing the position).
 * Deterministic everywhere; for cache keys, not for security.
 */
export function hash64(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x050c5d1f;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    first = Math.imul(first ^ unit, 0x01000193);
    second = Math.imul(second ^ unit ^ (index & 0xff), 0x01000193);
  }
  first ^= first >>> 15;
  second ^= second >>> 13;
  return (first >>> 0).toString(16).padStart(8, '0') + (second >>> 0).toString(16).padStart(8, '0');
}
