import { createLoadoutError } from '@loadout/core';
import type { CatalogTool, Ranker, RankerDefinition } from '@loadout/core';

/** A ranker of the kind a page writes: a tool matches when its name, reversed, contains the query. */
function createReverseRanker(): Ranker {
  let tools: readonly CatalogTool[] = [];
  return {
    specificationVersion: 'v1',
    name: 'reverse',
    get size() {
      return tools.length;
    },
    index(next) {
      tools = next;
    },
    add(more) {
      tools = [...tools, ...more];
    },
    remove(displayNames) {
      tools = tools.filter((tool) => !displayNames.includes(tool.displayName));
    },
    search(query, options = {}) {
      const hits = tools.filter((tool) => [...tool.name].reverse().join('').includes(query.toLowerCase()));
      return hits.slice(0, options.limit ?? 5).map((tool, rank) => ({ tool, score: 1 / (rank + 1) }));
    },
  };
}

/** Its definition: browser-safe, persisting the names it indexed. */
export const reverseDefinition: RankerDefinition = {
  specificationVersion: 'v1',
  name: 'reverse',
  description: 'tool names read backwards',
  queryKind: 'keywords',
  capabilities: {
    browserSafe: true,
    persistence: {
      format: 'reverse1',
      save: (ranker) => new TextEncoder().encode(JSON.stringify(ranker.size)),
      restore: (ranker, bytes, tools) => {
        if (JSON.parse(new TextDecoder().decode(bytes)) !== tools.length) throw createLoadoutError('index-corrupt', 'reverse: stored for another catalog');
        ranker.index(tools);
      },
    },
  },
  create: createReverseRanker,
};
