import { createLoadoutError } from '@loadout/core';
import { decodeText } from './decode-text.js';
import { hasIndexMark, startsLikeJson } from '../prebuilt/not-an-index.js';
import { htmlAnswerError, startsLikeHtml } from './html-answer.js';

/**
 * Fetches the `catalog` or `index` URL of `<loadout-search>`: its bytes
 * (`binary`) or text. Throws `file-not-found` when the server answers 404 or
 * 410, `file-unreadable` for another error status or when the URL cannot be
 * fetched at all (offline, refused, blocked by CORS), `file-not-text` for text
 * that is not UTF-8 (UTF-16, Latin-1), and `catalog-invalid-format` (an
 * index: `index-corrupt`) for an HTML page, such as a single-page app's
 * fallback, or for a catalog or any file but an index given as the `index`;
 * each message names the URL.
 */
export async function fetchSource(url: URL, binary: boolean): Promise<string | Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw createLoadoutError('file-unreadable', `<loadout-search>: could not fetch ${url.href} (${reason})`, { url: url.href });
  }
  if (!response.ok) {
    const code = response.status === 404 || response.status === 410 ? 'file-not-found' : 'file-unreadable';
    throw createLoadoutError(code, `<loadout-search>: ${url.href} answered HTTP ${response.status}`, { url: url.href, status: response.status });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (startsLikeHtml(bytes)) throw htmlAnswerError(url.href, binary);
  if (binary && !hasIndexMark(bytes)) {
    const what = startsLikeJson(bytes) ? 'is a catalog (JSON), not an index file (what loadout index writes): name it in the catalog attribute' : 'is not an index file (what loadout index writes, starting with LDIX): name an index in the index attribute, a catalog in the catalog attribute';
    throw createLoadoutError('index-corrupt', `<loadout-search>: ${url.href} ${what}`, { url: url.href });
  }
  return binary ? bytes : decodeText(bytes, url.href);
}
