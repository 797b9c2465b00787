import { createCatalog, createLoadoutError, DEFAULT_MAX_TOOLS, isLoadoutError, parseCatalogText } from '@loadout/core';
import type { Catalog, CatalogIssue, ServerSettings } from '@loadout/core';
import { MAX_TOOLS_TEXT } from './component-limits.js';
import { assertJsonDepth } from './json-depth.js';

/** A catalog as `loadout search --catalog` and `loadout plan --catalog` read it. */
export interface ReadCatalog {
  readonly catalog: Catalog;
  readonly servers: Record<string, ServerSettings>;
  /** Everything skipped while reading and validating, each with a code. */
  readonly issues: readonly CatalogIssue[];
}

/**
 * Reads catalog text from `source` (a path, named in issues and errors) (JSON array, `{"tools": [...]}`, JSONL or an MCP
 * snapshot) as the CLI's `loadCatalog` does: tools without a name or with a
 * bad schema skipped as issues, none at all `catalog-empty`, more than
 * `maxTools` (default 10,000) `catalog-too-large`, saying how to accept more.
 */
export function readCatalog(text: string, source: string, maxTools: number = DEFAULT_MAX_TOOLS): ReadCatalog {
  assertJsonDepth(text, source, 'catalog-invalid-json');
  const parsed = parseCatalogText(text, { source });
  if (parsed.tools.length === 0) {
    throw createLoadoutError('catalog-empty', `${source} holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)`, { path: source });
  }
  let catalog: Catalog;
  try {
    catalog = createCatalog(parsed.tools, { servers: parsed.servers, source, strict: false, maxTools });
  } catch (error) {
    if (!isLoadoutError(error) || error.code !== 'catalog-too-large') throw error;
    throw createLoadoutError(error.code, `${error.message}; index.from-catalog-max-tools accepts up to ${MAX_TOOLS_TEXT}`, { ...error.details });
  }
  return { catalog, servers: parsed.servers, issues: [...parsed.issues, ...catalog.issues] };
}
