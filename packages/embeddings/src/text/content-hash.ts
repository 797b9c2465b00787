const PRIME_LOW = 0x1b3;
const TWO_32 = 0x1_0000_0000;

/**
 * 64-bit FNV-1a over the UTF-16 code units of `text`, as 16 hex digits.
 * Deterministic on every platform; for cache keys and fingerprints, not for security.
 */
export function contentHash(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (let index = 0; index < text.length; index++) {
    low = (low ^ text.charCodeAt(index)) >>> 0;
    const lowProduct = low * PRIME_LOW;
    const carry = Math.floor(lowProduct / TWO_32);
    high = (high * PRIME_LOW + carry + ((low << 8) >>> 0)) >>> 0;
    low = lowProduct >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}
