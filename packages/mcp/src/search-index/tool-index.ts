import type { Catalog, CatalogTool, Ranker } from '@loadout/core';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * One immutable generation of the gateway's searchable tools: the combined
 * catalog, a ranker that has fully indexed it, and each tool's upstream
 * definition. The gateway replaces the whole object when an upstream's tools
 * change; a search holds on to the generation it started with.
 */
export interface ToolIndex {
  /** Increases by one with every replacement; 0 for the first. */
  readonly version: number;
  readonly catalog: Catalog;
  /** Wrapped with core's `withQuerySyntax` (`select:`, `+term`, exact names first). */
  readonly ranker: Ranker;
  /** The upstream's own definition of each catalog tool (title, annotations, outputSchema), by display name. */
  readonly definitions: ReadonlyMap<string, Tool>;
  /** Tools listed from the start: `alwaysLoad` on the server or `_meta["anthropic/alwaysLoad"]` on the tool. */
  readonly alwaysLoaded: readonly CatalogTool[];
}
