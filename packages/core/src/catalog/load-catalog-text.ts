import type { Catalog } from './catalog.js';
import { createCatalog } from './create-catalog.js';
import type { CreateCatalogOptions } from './create-catalog-options.js';
import { parseCatalogText } from './parse-catalog-text.js';
import type { ParseCatalogTextOptions } from './parse-catalog-text.js';
import { withEarlierIssues } from './with-earlier-issues.js';

/**
 * {@link parseCatalogText} then {@link createCatalog}: server settings from
 * the text come first and `options.servers` override them per server;
 * reading issues precede validation issues. `source` defaults to `catalog`.
 */
export function loadCatalogText(text: string, options: ParseCatalogTextOptions & CreateCatalogOptions = {}): Catalog {
  const { format, ...createOptions } = options;
  const source = options.source ?? 'catalog';
  const parsed = parseCatalogText(text, format === undefined ? { source } : { source, format });
  const servers = { ...parsed.servers, ...options.servers };
  return withEarlierIssues(
    () => createCatalog(parsed.tools, { ...createOptions, source, servers }),
    parsed.issues,
    options.strict ?? false,
  );
}
