import { decodeUtf8 } from './utf8.js';

/** What {@link detectTextEncoding} found in a file's bytes. */
export type DetectedEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be' | 'binary' | 'invalid-utf-8';

const SAMPLE_BYTES = 4096;

/** The engine's fatal UTF-8 decoder where it has one (Node, browsers: several times faster), else none (QuickJS, a WebAssembly component). */
const NativeDecoder = (globalThis as { TextDecoder?: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string } }).TextDecoder;

function isUtf8(bytes: Uint8Array): boolean {
  if (NativeDecoder === undefined) return decodeUtf8(bytes) !== undefined;
  try {
    new NativeDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

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
  return isUtf8(bytes) ? 'utf-8' : 'invalid-utf-8';
}

const ENCODING_NAMES: Readonly<Partial<Record<DetectedEncoding, string>>> = {
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'utf-32le': 'UTF-32 LE',
  'utf-32be': 'UTF-32 BE',
};

/**
 * What is wrong with a file of `encoding`, in words a user can act on (the
 * command that converts UTF-16/32 to UTF-8), for a `file-not-text` message;
 * undefined for `utf-8`.
 */
export function textEncodingProblem(encoding: DetectedEncoding): string | undefined {
  if (encoding === 'utf-8') return undefined;
  const name = ENCODING_NAMES[encoding];
  if (name !== undefined) return `it is ${name} text; save it as UTF-8 (for example: iconv -f ${name.replace(' ', '')} -t UTF-8)`;
  return encoding === 'binary' ? 'it holds binary data (NUL bytes)' : 'it is not valid UTF-8 (Latin-1 or another legacy encoding?); save it as UTF-8';
}
