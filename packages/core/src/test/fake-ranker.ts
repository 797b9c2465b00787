import type { CatalogTool } from '../catalog/tool.js';
import type { RankerSearchOptions, SearchHit, SyncRanker } from '../ranking/ranker.js';
import { toNameWords } from '../ranking/tool-name-match.js';
import { toolTextFields } from '../utils/tool-text-fields.js';

/** One `search` call a {@link FakeRanker} received. */
export interface FakeRankerCall {
  readonly query: string;
  readonly options: RankerSearchOptions;
}

/** A deterministic {@link SyncRanker} for tests that records its searches. */
export interface FakeRanker extends SyncRanker {
  /** Every `search` call, oldest first. */
  readonly calls: readonly FakeRankerCall[];
  /** The indexed tools in order. */
  readonly tools: readonly CatalogTool[];
}

/** Options of {@link createFakeRanker}. */
export interface FakeRankerOptions {
  /** Default `fake`. */
  readonly name?: string;
}

function toolWords(tool: CatalogTool): Set<string> {
  const { displayName, server, description, parameters } = toolTextFields(tool);
  return new Set(toNameWords([displayName, server, description, ...parameters.map((parameter) => parameter.name)].join(' ')));
}

/**
 * A word-overlap ranker: a tool's score is the number of distinct query
 * words (see `toNameWords`) found among the words of its display name,
 * server, description and argument names; tools scoring 0 are not
 * returned; ties keep index order. `add` replaces by display name in place
 * and appends new tools. Honours `limit` (default 5), `filter` and `explain`.
 */
export function createFakeRanker(options: FakeRankerOptions = {}): FakeRanker {
  let tools: CatalogTool[] = [];
  const words = new Map<CatalogTool, Set<string>>();
  const calls: FakeRankerCall[] = [];
  const wordsOf = (tool: CatalogTool): Set<string> => {
    let set = words.get(tool);
    if (set === undefined) {
      set = toolWords(tool);
      words.set(tool, set);
    }
    return set;
  };
  const upsert = (list: CatalogTool[], added: readonly CatalogTool[]): CatalogTool[] => {
    for (const tool of added) {
      const position = list.findIndex((existing) => existing.displayName === tool.displayName);
      if (position < 0) list.push(tool);
      else list[position] = tool;
    }
    return list;
  };
  return {
    specificationVersion: 'v1',
    name: options.name ?? 'fake',
    calls,
    get tools() {
      return tools;
    },
    get size() {
      return tools.length;
    },
    index(next) {
      tools = upsert([], next);
    },
    add(added) {
      tools = upsert(tools.slice(), added);
    },
    remove(displayNames) {
      tools = tools.filter((tool) => !displayNames.includes(tool.displayName));
    },
    search(query, searchOptions = {}) {
      calls.push({ query, options: searchOptions });
      const queryWords = [...new Set(toNameWords(query))];
      const scored: SearchHit[] = [];
      for (const tool of tools) {
        if (searchOptions.filter !== undefined && !searchOptions.filter(tool)) continue;
        const own = wordsOf(tool);
        const matchedTerms = queryWords.filter((word) => own.has(word));
        if (matchedTerms.length === 0) continue;
        const score = matchedTerms.length;
        scored.push(
          searchOptions.explain === true
            ? { tool, score, explanation: { matchedTerms, fields: { text: score }, components: { overlap: score }, notes: [] } }
            : { tool, score },
        );
      }
      return scored.sort((a, b) => b.score - a.score).slice(0, searchOptions.limit ?? 5);
    },
  };
}
