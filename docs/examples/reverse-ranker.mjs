// A complete out-of-tree Loadout ranker: no imports, just the contract.
// It ranks the tools that share a word with the query, and breaks ties by
// putting the tools added last first ("reverse" catalog order). Name it in
// loadout.config.mjs: { ranker: 'reverse', rankers: { reverse: './reverse-ranker.mjs' } }.

/** @typedef {import('@loadout/core').CatalogTool} CatalogTool */

/** @param {string} text */
const words = (text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 1);

/**
 * @param {{ matchAll: boolean }} options
 * @returns {import('@loadout/core').Ranker}
 */
function createReverseRanker(options) {
  /** @type {CatalogTool[]} */
  let tools = [];
  /** @type {Map<string, Set<string>>} */
  const texts = new Map();
  /** @param {CatalogTool} tool */
  const remember = (tool) => texts.set(tool.displayName, new Set(words(`${tool.name.replace(/_/g, ' ')} ${tool.description}`)));
  return {
    specificationVersion: 'v1',
    name: 'reverse',
    get size() {
      return tools.length;
    },
    index(next) {
      tools = [...next];
      texts.clear();
      tools.forEach(remember);
    },
    add(added) {
      const names = new Set(added.map((tool) => tool.displayName));
      tools = [...tools.filter((tool) => !names.has(tool.displayName)), ...added];
      added.forEach(remember);
    },
    remove(displayNames) {
      const names = new Set(displayNames);
      tools = tools.filter((tool) => !names.has(tool.displayName));
    },
    search(query, searchOptions = {}) {
      const wanted = words(query);
      const limit = searchOptions.limit ?? 5;
      /** @type {import('@loadout/core').SearchHit[]} */
      const hits = [];
      for (let position = tools.length - 1; position >= 0; position--) {
        const tool = tools[position];
        if (searchOptions.filter !== undefined && !searchOptions.filter(tool)) continue;
        const text = /** @type {Set<string>} */ (texts.get(tool.displayName));
        const shared = wanted.filter((word) => text.has(word)).length;
        if (shared === 0 && !options.matchAll) continue;
        hits.push({ tool, score: shared + position / (tools.length + 1) });
      }
      return hits.sort((a, b) => b.score - a.score).slice(0, limit);
    },
  };
}

/** @type {import('@loadout/core').RankerDefinition<{ matchAll: boolean }>} */
export default {
  specificationVersion: 'v1',
  name: 'reverse',
  description: 'shared words, ties broken by newest tool first',
  queryKind: 'keywords',
  options: {
    matchAll: { type: 'boolean', default: false, description: 'also return tools sharing no word with the query' },
  },
  capabilities: { browserSafe: true },
  create: (options) => createReverseRanker(options),
};
