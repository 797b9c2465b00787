/** What {@link detectTextEncoding} found in a file's bytes. */
export type DetectedEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be' | 'binary' | 'invalid-utf-8';

const SAMPLE_BYTES = 4096;

function countNuls(bytes: Uint8Array, parity: 0 | 1, end: number): number {
  let count = 0;
  for (let index = parity; index < end; index += 2) if (bytes[index] === 0) count++;
  return count;
}

/**
 * Tells UTF-8 text from what a user may save by mistake: UTF-16/32 (by
 * byte-order mark, or without one by NULs in every other byte of the first
 * 4 KB), binary data (other NULs), or bytes that are not valid UTF-8.
 */
export function detectTextEncoding(bytes: Uint8Array): DetectedEncoding {
  const [b0, b1, b2, b3] = bytes;
  if (b0 === 0xff && b1 === 0xfe) return b2 === 0 && b3 === 0 ? 'utf-32le' : 'utf-16le';
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return 'utf-32be';
  if (b0 === 0xfe && b1 === 0xff) return 'utf-16be';
  const end = Math.min(bytes.length, SAMPLE_BYTES);
  const evenNuls = countNuls(bytes, 0, end);
  const oddNuls = countNuls(bytes, 1, end);
  if (evenNuls + oddNuls > 0) {
    const half = Math.floor(end / 2);
    if (oddNuls >= half * 0.3 && evenNuls === 0) return 'utf-16le';
    if (evenNuls >= half * 0.3 && oddNuls === 0) return 'utf-16be';
    return 'binary';
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'invalid-utf-8';
  }
}
