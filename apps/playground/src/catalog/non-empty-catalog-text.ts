import { createLoadoutError, parseCatalogText } from '@loadout/core';

/** Longest text read for tools in the page before the engine gets it; a catalog with no tools is far shorter. */
export const EMPTY_CHECK_CHARS = 65_536;

/**
 * `text`, unless it holds no tools at all (empty, white space, `[]`,
 * `{ "tools": [] }`, an MCP snapshot without tools): that throws
 * `catalog-empty` naming `source`, as the CLI does, so a slip never replaces
 * the loaded catalog with nothing. Text the engine would refuse anyway
 * (malformed JSON) and text over {@link EMPTY_CHECK_CHARS} characters
 * that is not all white space pass through to the engine, which reports them.
 */
export function nonEmptyCatalogText(text: string, source: string): string {
  const blank = !/[^\s\ufeff]/.test(text);
  if (!blank && (text.length > EMPTY_CHECK_CHARS || countTools(text, source) !== 0)) return text;
  throw createLoadoutError('catalog-empty', `${source} holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)`, { source });
}

/** The tools `text` holds as core reads it, or undefined for text it cannot read. */
function countTools(text: string, source: string): number | undefined {
  try {
    return parseCatalogText(text, { source }).tools.length;
  } catch {
    return undefined;
  }
}
