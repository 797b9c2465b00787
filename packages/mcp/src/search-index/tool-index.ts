import type { Catalog, CatalogTool, Ranker, ToolSearchDecision } from '@loadout/core';
import type { Tool } from '@modelcontextprotocol/server';

/**
 * One immutable generation of the gateway's searchable tools: the combined
 * catalog, a ranker that has fully indexed it, and each tool's upstream
 * definition. The gateway replaces the whole object when an upstream's tools
 * change; a search holds on to the generation it started with.
 */
export interface ToolIndex {
  /** Increases by one with every replacement; 0 for the first. */
  readonly version: number;
  /** Descriptions as the mods rewrote them. */
  readonly catalog: Catalog;
  /** Wrapped with core's `withQuerySyntax` (`select:`, `+term`, exact names first) unless its queries are patterns. */
  readonly ranker: Ranker;
  /** The upstream's own definition of each catalog tool (title, annotations, outputSchema), by display name. */
  readonly definitions: ReadonlyMap<string, Tool>;
  /**
   * Tools listed from the start: with tool search on, those that stay
   * upfront (`alwaysLoad` on the server or `_meta["anthropic/alwaysLoad"]`
   * on the tool, or pinned by a mod); with it off, every tool.
   */
  readonly upfront: readonly CatalogTool[];
  /** The policy's decision for this generation (tool search on or off, reason, trace). */
  readonly decision: ToolSearchDecision;
  /** True when the ranker failed to index this generation (the first is served anyway: each search tries to index it again). Default: absent. */
  readonly indexFailed?: true;
}
