import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';

/** `LDIX`, the mark a prebuilt index file starts with. */
const MARK = [0x4c, 0x44, 0x49, 0x58] as const;

/** Whether `bytes` start with the mark of a prebuilt index file (whatever follows). */
export function hasIndexMark(bytes: Uint8Array): boolean {
  return MARK.every((byte, index) => bytes[index] === byte);
}

/** Whether `bytes` start like JSON or JSONL text: `[` or `{` after a UTF-8 byte-order mark and white space. */
export function startsLikeJson(bytes: Uint8Array): boolean {
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (bytes[index] === 0x20 || bytes[index] === 0x09 || bytes[index] === 0x0a || bytes[index] === 0x0d) index++;
  return bytes[index] === 0x5b || bytes[index] === 0x7b;
}

/**
 * The `index-corrupt` error for bytes given to `loadCatalog` that are not a
 * prebuilt index at all (no `LDIX` mark), instead of "bad magic bytes":
 * a catalog is loaded from its text, so it says to pass the text, and
 * names JSON when the bytes start like it. Names the byte count, not the bytes.
 */
export function notAnIndexError(bytes: Uint8Array): LoadoutError {
  const what = startsLikeJson(bytes) ? 'they start like JSON, a catalog: ' : '';
  return createLoadoutError(
    'index-corrupt',
    `@loadout/browser: loadCatalog got ${bytes.length.toLocaleString('en-US')} bytes that are not a prebuilt index (no LDIX mark at the start); ${what}pass a catalog as text (new TextDecoder().decode(bytes)), and only a file loadout index wrote as bytes`,
    { reason: 'not an index', bytes: bytes.length },
  );
}
