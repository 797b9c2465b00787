import { createCatalog, createLoadoutError, parseCatalogText } from '@loadout/core';
import type { Catalog, CatalogIssue, ServerSettings } from '@loadout/core';

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
 * 10,000 `catalog-too-large`.
 */
export function readCatalog(text: string, source: string): ReadCatalog {
  const parsed = parseCatalogText(text, { source });
  if (parsed.tools.length === 0) {
    throw createLoadoutError('catalog-empty', `${source} holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)`, { path: source });
  }
  const catalog = createCatalog(parsed.tools, { servers: parsed.servers, source, strict: false });
  return { catalog, servers: parsed.servers, issues: [...parsed.issues, ...catalog.issues] };
}
