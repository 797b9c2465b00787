import { createLoadoutError } from '@loadout/core';
import { detectTextEncoding, textEncodingProblem } from '@loadout/core/utils';

/**
 * The text of a fetched file's `bytes`, decoded as UTF-8 (a leading
 * byte-order mark dropped), as the CLI reads files. Throws `file-not-text`
 * naming `url` (never the contents) for UTF-16 or UTF-32 (with the command
 * that converts it), binary data, or bytes that are not valid UTF-8 (Latin-1
 * and other legacy encodings), instead of loading names with U+FFFD in them.
 */
export function decodeText(bytes: Uint8Array, url: string): string {
  const encoding = detectTextEncoding(bytes);
  const problem = textEncodingProblem(encoding);
  if (problem !== undefined) throw createLoadoutError('file-not-text', `<loadout-search>: ${url} is not a UTF-8 text file: ${problem}`, { url, encoding });
  return new TextDecoder('utf-8').decode(bytes);
}
