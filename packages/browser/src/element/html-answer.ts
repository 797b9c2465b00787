import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * Whether fetched `bytes` are an HTML page: the first byte after a UTF-8
 * byte-order mark and white space is `<` (no catalog, JSON or JSONL, and no
 * index file starts so).
 */
export function startsLikeHtml(bytes: Uint8Array): boolean {
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (isSpace(bytes[index])) index++;
  return bytes[index] === 0x3c;
}

/**
 * The error for a `catalog` (`catalog-invalid-format`) or `index`
 * (`index-corrupt`) URL that answered an HTML page, as a server answers
 * for a file it does not have (a single-page app's fallback page), instead
 * of "invalid JSON at line 1" or "bad magic bytes". Names the URL, not the page.
 */
export function htmlAnswerError(url: string, index: boolean): LoadoutError {
  const what = index ? 'an index file (loadout index)' : 'a catalog';
  return createLoadoutError(
    index ? 'index-corrupt' : 'catalog-invalid-format',
    `<loadout-search>: ${url} answered an HTML page, not ${what}, as a server does for a file it does not have (a single-page app's fallback page); check the ${index ? 'index' : 'catalog'} URL`,
    { url },
  );
}
