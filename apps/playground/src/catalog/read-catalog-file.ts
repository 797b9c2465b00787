import { isPrebuiltIndex } from '@loadout/browser';
import type { CatalogInput } from '@loadout/browser';
import { createLoadoutError } from '@loadout/core';
import { detectTextEncoding, textEncodingProblem } from '@loadout/core/utils';

/** A dropped or chosen file as the engine takes it. */
export interface CatalogFile {
  /** The file's text, or the bytes of an index `loadout index` wrote. */
  readonly input: CatalogInput;
  /** True for an index file (it starts with `LDIX`): the engine loads the catalog it holds and uses its BM25F index. */
  readonly index: boolean;
}

/**
 * Reads a catalog file in the page. An index file that `loadout index`
 * wrote is passed on as bytes (the engine reads its catalog); any other file
 * is decoded as UTF-8, strictly, with the checks `<loadout-search>` and the
 * CLI make: `file-not-text` naming the file (never its contents) for UTF-16
 * or UTF-32 (with the command that converts it), binary data, or bytes that
 * are not UTF-8 (Latin-1), instead of tool names with U+FFFD in them. A
 * file that holds no tools is the engine's to refuse (`catalog-empty`).
 */
export async function readCatalogFile(file: Blob & { readonly name: string }): Promise<CatalogFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isPrebuiltIndex(bytes)) return { input: bytes, index: true };
  const encoding = detectTextEncoding(bytes);
  const problem = textEncodingProblem(encoding);
  if (problem !== undefined) throw createLoadoutError('file-not-text', `${file.name} is not a UTF-8 text file: ${problem}`, { file: file.name, encoding });
  return { input: new TextDecoder('utf-8').decode(bytes), index: false };
}
