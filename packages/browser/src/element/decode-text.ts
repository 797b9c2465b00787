import { createLoadoutError } from '@loadout/core';

/** How much of the start is sampled for the NUL bytes of UTF-16 without a byte-order mark, or of binary data. */
const SAMPLE_BYTES = 4096;

function countNuls(bytes: Uint8Array, parity: 0 | 1, end: number): number {
  let count = 0;
  for (let index = parity; index < end; index += 2) if (bytes[index] === 0) count++;
  return count;
}

/** The encoding other than UTF-8 that `bytes` are in, in words, or undefined when they may be UTF-8 (decided by the fatal decode). */
function otherEncoding(bytes: Uint8Array): string | undefined {
  const [b0, b1, b2, b3] = bytes;
  if (b0 === 0xff && b1 === 0xfe) return b2 === 0 && b3 === 0 ? 'UTF-32 LE' : 'UTF-16 LE';
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return 'UTF-32 BE';
  if (b0 === 0xfe && b1 === 0xff) return 'UTF-16 BE';
  const end = Math.min(bytes.length, SAMPLE_BYTES);
  const evenNuls = countNuls(bytes, 0, end);
  const oddNuls = countNuls(bytes, 1, end);
  if (evenNuls + oddNuls === 0) return undefined;
  const half = Math.floor(end / 2);
  if (oddNuls >= half * 0.3 && evenNuls === 0) return 'UTF-16 LE';
  if (evenNuls >= half * 0.3 && oddNuls === 0) return 'UTF-16 BE';
  return 'binary';
}

/**
 * The text of a fetched file's `bytes`, decoded as UTF-8 (a leading
 * byte-order mark dropped), as the CLI reads files. Throws `file-not-text`
 * naming `url` (never the contents) for UTF-16 or UTF-32 (with the command
 * that converts it), binary data, or bytes that are not valid UTF-8 (Latin-1
 * and other legacy encodings), instead of loading names with U+FFFD in them.
 */
export function decodeText(bytes: Uint8Array, url: string): string {
  const other = otherEncoding(bytes);
  let problem: string | undefined;
  if (other === 'binary') problem = 'it holds binary data (NUL bytes)';
  else if (other !== undefined) problem = `it is ${other} text; save it as UTF-8 (for example: iconv -f ${other.replace(' ', '')} -t UTF-8)`;
  else {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      problem = 'it is not valid UTF-8 (Latin-1 or another legacy encoding?); save it as UTF-8';
    }
  }
  const encoding = other === undefined ? 'invalid-utf-8' : other.toLowerCase().replace(' ', '');
  throw createLoadoutError('file-not-text', `<loadout-search>: ${url} is not a UTF-8 text file: ${problem}`, { url, encoding });
}
