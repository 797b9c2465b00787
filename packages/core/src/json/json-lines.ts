import { decodeUtf8 } from '../utils/utf8.js';

/** `text` without a leading byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The non-blank lines of JSON Lines text (a leading byte-order mark dropped), each with its 1-based number and its text as written (a `\r` kept). */
export function jsonLines(text: string): { readonly line: number; readonly text: string }[] {
  return stripBom(text)
    .split('\n')
    .flatMap((line, index) => (line.trim().length === 0 ? [] : [{ line: index + 1, text: line }]));
}

/**
 * The non-blank lines of JSON Lines bytes, numbered as {@link jsonLines}
 * numbers them, each decoded on its own: a line that is not well-formed
 * UTF-8 (a record cut short mid-character, a line in another encoding) has
 * `text` undefined, so that one such line is skipped, not the whole file.
 */
export function utf8JsonLines(bytes: Uint8Array): { readonly line: number; readonly text: string | undefined }[] {
  const lines: { line: number; text: string | undefined }[] = [];
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let line = 1; start <= bytes.length; line++) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    const text = decodeUtf8(bytes.subarray(start, end));
    if (text === undefined || text.trim().length > 0) lines.push({ line, text });
    start = end + 1;
  }
  return lines;
}
