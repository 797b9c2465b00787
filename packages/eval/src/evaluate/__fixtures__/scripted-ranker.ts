import type { CatalogTool, Ranker, RankerSearchOptions, SearchHit } from '@loadout/core';

/** A ranker test double that answers each query with a fixed list of tool names. */
export interface ScriptedRanker extends Ranker {
  /** Queries searched, in order. */
  readonly searched: string[];
}

/**
 * Returns, for a scripted query, the listed tools that are indexed, in order,
 * cut at `limit`; unknown queries return nothing, and a query in `failing`
 * throws. `indexDelayMs` makes `index` wait that long.
 */
export function createScriptedRanker(
  script: Readonly<Record<string, readonly string[]>>,
  settings: { readonly indexDelayMs?: number; readonly failing?: readonly string[] } = {},
): ScriptedRanker {
  let byName = new Map<string, CatalogTool>();
  const searched: string[] = [];
  return {
    specificationVersion: 'v1',
    name: 'scripted',
    searched,
    get size() {
      return byName.size;
    },
    async index(tools) {
      if (settings.indexDelayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, settings.indexDelayMs));
      byName = new Map(tools.map((tool) => [tool.name, tool]));
    },
    add(tools) {
      for (const tool of tools) byName.set(tool.name, tool);
    },
    remove() {},
    search(query: string, options: RankerSearchOptions = {}): readonly SearchHit[] {
      searched.push(query);
      if (settings.failing?.includes(query)) throw new Error(`cannot parse ${query}`);
      const names = script[query] ?? [];
      return names
        .flatMap((name) => byName.get(name) ?? [])
        .slice(0, options.limit ?? 5)
        .map((tool, index) => ({ tool, score: 100 - index }));
    },
  };
}
