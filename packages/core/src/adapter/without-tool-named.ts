import type { Catalog } from '../catalog/catalog.js';
import { describeValue } from '../errors/loadout-error.js';

/**
 * The catalog without the tool sent as `apiName` (one that would take the
 * search tool's name), that tool listed in `issues` as a
 * `catalog-duplicate-name`; the catalog itself when no tool has the name.
 */
export function withoutToolNamed(catalog: Catalog, apiName: string, owner: string): Catalog {
  const taken = catalog.byApiName.get(apiName);
  if (taken === undefined) return catalog;
  const tools = catalog.tools.filter((tool) => tool !== taken);
  const issue = {
    code: 'catalog-duplicate-name' as const,
    message: `${owner}: tool ${describeValue(taken.displayName)} is sent as ${describeValue(apiName)}, the search tool's name; it is skipped (rename it, or set searchToolName)`,
    name: taken.name,
  };
  return Object.freeze({
    tools: Object.freeze(tools),
    servers: catalog.servers,
    issues: Object.freeze([...catalog.issues, issue]),
    byDisplayName: new Map(tools.map((tool) => [tool.displayName, tool])),
    byApiName: new Map(tools.map((tool) => [tool.apiName, tool])),
  });
}
