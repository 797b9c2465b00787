/**
 * 32-bit FNV-1a over the UTF-16 code units of `text`, rendered in base 36 and
 * left-padded to 7 characters. Deterministic across platforms; not for security.
 */
export function fnv1aBase36(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0');
}
