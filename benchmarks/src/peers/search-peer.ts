import type { CatalogTool } from '@loadout/core';

/**
 * A search engine under test in the speed benchmark, reduced to what is
 * timed: building an index of tools and answering a query with tool names.
 */
export interface SearchPeer {
  /** Shown in reports (`bm25f`, `minisearch`, …). */
  readonly name: string;
  /** Indexes every tool; timed as the build. */
  build(tools: readonly CatalogTool[]): void | Promise<void>;
  /** The names (tool `name`) of the best `limit` tools, best first; timed per query. */
  search(query: string, limit: number): readonly string[] | Promise<readonly string[]>;
}
