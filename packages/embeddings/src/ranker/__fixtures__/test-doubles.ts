import type { CatalogTool, Embedder, RankerSearchOptions, SearchHit, SyncRanker } from '@loadout/core';
import { tokenizeIdentifiers } from '../../text/tokenize-identifiers.js';

/** A ranker double that scores tools from a fixed table (by display name) and records its calls. */
export interface StubRanker extends SyncRanker {
  readonly calls: { query: string; options: RankerSearchOptions }[];
  readonly indexed: string[];
}

/** Creates a {@link StubRanker}: tools absent from `scores` never match. */
export function createStubRanker(name: string, scores: Record<string, number>): StubRanker {
  const tools = new Map<string, CatalogTool>();
  const calls: { query: string; options: RankerSearchOptions }[] = [];
  return {
    specificationVersion: 'v1',
    name,
    calls,
    get indexed() {
      return [...tools.keys()];
    },
    get size() {
      return tools.size;
    },
    index(list) {
      tools.clear();
      for (const tool of list) tools.set(tool.displayName, tool);
    },
    add(list) {
      for (const tool of list) tools.set(tool.displayName, tool);
    },
    remove(names) {
      for (const displayName of names) tools.delete(displayName);
    },
    search(query, options = {}) {
      calls.push({ query, options });
      const hits: SearchHit[] = [];
      for (const tool of tools.values()) {
        const score = scores[tool.displayName];
        if (score === undefined || (options.filter !== undefined && !options.filter(tool))) continue;
        hits.push(
          options.explain === true
            ? { tool, score, explanation: { matchedTerms: [name], fields: { name: score }, components: { [name]: score }, notes: [`${name} note`] } }
            : { tool, score },
        );
      }
      return hits.sort((left, right) => right.score - left.score).slice(0, options.limit ?? 5);
    },
  };
}

/** An embedder double: hashed bag of words, L2-normalised; records every text it embeds. */
export interface CountingEmbedder extends Embedder {
  readonly embedded: string[];
}

/** Creates a {@link CountingEmbedder} of `dimensions` entries. */
export function createCountingEmbedder(dimensions = 16, modelId = 'bag-of-words'): CountingEmbedder {
  const embedded: string[] = [];
  return {
    specificationVersion: 'v1',
    modelId,
    dimensions,
    embedded,
    async embed(texts) {
      embedded.push(...texts);
      return texts.map((text) => {
        const vector = new Float32Array(dimensions);
        for (const token of tokenizeIdentifiers(text)) {
          let hash = 7;
          for (let index = 0; index < token.length; index++) hash = (Math.imul(hash, 31) + token.charCodeAt(index)) >>> 0;
          vector[hash % dimensions]! += 1;
        }
        const norm = Math.hypot(...vector);
        return norm === 0 ? vector : vector.map((value) => value / norm);
      });
    },
  };
}
