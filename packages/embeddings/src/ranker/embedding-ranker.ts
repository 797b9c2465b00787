import type { CatalogTool, Embedder, Ranker, RankerSearchOptions, ScoreExplanation, SearchHit, VectorIndex } from '@loadout/core';
import { createTopK, dot, integerOption, offerTopK, takeTopK } from '@loadout/core/utils';
import { isInspectableVectorIndex, isPersistentVectorIndex } from '../contracts/inspectable-vector-index.js';
import { isFittableEmbedder, isToolEmbedder } from '../contracts/tool-embedder.js';
import { DEFAULT_STATIC_STOPWORDS } from '../static/stopwords.js';
import { tokenizeIdentifiers } from '../text/tokenize-identifiers.js';
import { toolFields, toolSentence } from '../text/tool-fields.js';
import { createExactIndex } from '../vector/exact-index.js';
import { normalized } from '../vector/vector-math.js';
import { catalogFingerprint } from './catalog-fingerprint.js';

/** Options of {@link createEmbeddingRanker}. */
export interface EmbeddingRankerOptions {
  /** Embeds tools and queries. A {@link ToolEmbedder} embeds tools from weighted fields; others read `toolText`. */
  embedder: Embedder;
  /**
   * Where tool vectors live. Default: an exact index, created on first `index`.
   * A persistent index (`createHnswIndex({ path })`) is reused when its saved
   * fingerprint matches the catalog, and saved after every rebuild.
   */
  index?: VectorIndex;
  /** The ranker's name. Default `embedding`. */
  name?: string;
  /** The text embedded for a tool by embedders without `embedTools`. Default `name: description`. */
  toolText?: (tool: CatalogTool) => string;
  /** Fit a {@link FittableEmbedder} (e.g. SIF's principal components) on the tools at every `index`. Default true. */
  fit?: boolean;
}

/** A semantic {@link Ranker}: cosine similarity between the query's and each tool's vector. */
export interface EmbeddingRanker extends Ranker {
  readonly embedder: Embedder;
  /** The vector index in use; undefined before the first `index` when none was given. */
  readonly vectorIndex: VectorIndex | undefined;
  /** Fingerprint of the last indexed catalog; undefined before `index`. */
  readonly fingerprint: string | undefined;
  /** True when the last `index` reused a saved index instead of embedding the catalog. */
  readonly restored: boolean;
}

/**
 * Creates an {@link EmbeddingRanker}. Scores are cosine similarities in
 * [-1, 1]. Searches with a `filter` scan the kept tool vectors exactly
 * (cheap for the hybrid ranker's 100 candidates); others ask the index.
 * A query without a known word (zero vector) returns nothing.
 */
export function createEmbeddingRanker(options: EmbeddingRankerOptions): EmbeddingRanker {
  const { embedder } = options;
  const name = options.name ?? 'embedding';
  const toolText = options.toolText ?? toolSentence;
  const shouldFit = options.fit ?? true;
  let vectorIndex = options.index;
  let tools = new Map<string, CatalogTool>();
  let vectors = new Map<string, Float32Array>();
  let fingerprint: string | undefined;
  let restored = false;

  const embeddedText = (tool: CatalogTool): string => (isToolEmbedder(embedder) ? JSON.stringify(toolFields(tool)) : toolText(tool));
  const embedTools = async (list: readonly CatalogTool[]): Promise<Float32Array[]> => {
    if (list.length === 0) return [];
    const embedded = isToolEmbedder(embedder) ? await embedder.embedTools(list) : await embedder.embed(list.map(toolText));
    return embedded.map(normalized);
  };
  const indexFor = (dimensions: number): VectorIndex => {
    vectorIndex ??= createExactIndex({ dimensions });
    return vectorIndex;
  };
  const unique = (list: readonly CatalogTool[]): CatalogTool[] => [...new Map(list.map((tool) => [tool.displayName, tool])).values()];

  const explain = (tool: CatalogTool, query: string, score: number): ScoreExplanation => {
    const fields = toolFields(tool);
    const toolTokens = new Set(tokenizeIdentifiers(`${fields.name} ${fields.description} ${fields.parameterNames} ${fields.parameterDescriptions}`));
    return {
      // Function words ("a", "the", "please") would match nearly every tool: they are not what matched.
      matchedTerms: [...new Set(tokenizeIdentifiers(query).filter((token) => toolTokens.has(token) && !DEFAULT_STATIC_STOPWORDS.has(token)))],
      fields: {},
      components: { [name]: score },
      notes: [`cosine similarity ${score.toFixed(4)} under ${embedder.modelId}`],
    };
  };

  return {
    specificationVersion: 'v1',
    name,
    embedder,
    get size() {
      return tools.size;
    },
    get vectorIndex() {
      return vectorIndex;
    },
    get fingerprint() {
      return fingerprint;
    },
    get restored() {
      return restored;
    },
    async index(list) {
      const catalog = unique(list);
      if (shouldFit && isFittableEmbedder(embedder)) {
        await embedder.fit([...catalog].sort((left, right) => (left.displayName < right.displayName ? -1 : 1)));
      }
      const nextFingerprint = catalogFingerprint(embedder.modelId, catalog, embeddedText);
      const current = vectorIndex;
      if (current !== undefined && isPersistentVectorIndex(current) && current.fingerprint === nextFingerprint && current.size === catalog.length) {
        const saved = new Map(catalog.map((tool) => [tool.displayName, current.getVector(tool.displayName)]));
        if ([...saved.values()].every((vector) => vector !== undefined)) {
          tools = new Map(catalog.map((tool) => [tool.displayName, tool]));
          vectors = saved as Map<string, Float32Array>;
          fingerprint = nextFingerprint;
          restored = true;
          return;
        }
      }
      const embedded = await embedTools(catalog);
      const target = embedded.length > 0 ? indexFor(embedded[0]!.length) : vectorIndex;
      if (target !== undefined) {
        if (isInspectableVectorIndex(target)) target.clear();
        else await target.remove([...tools.keys()]);
        await target.add(catalog.map((tool, position) => ({ key: tool.displayName, vector: embedded[position]! })));
        if (isPersistentVectorIndex(target) && target.path !== undefined) target.save(undefined, nextFingerprint);
      }
      tools = new Map(catalog.map((tool) => [tool.displayName, tool]));
      vectors = new Map(catalog.map((tool, position) => [tool.displayName, embedded[position]!]));
      fingerprint = nextFingerprint;
      restored = false;
    },
    async add(list) {
      const added = unique(list);
      const embedded = await embedTools(added);
      if (added.length === 0) return;
      await indexFor(embedded[0]!.length).add(added.map((tool, position) => ({ key: tool.displayName, vector: embedded[position]! })));
      added.forEach((tool, position) => {
        tools.set(tool.displayName, tool);
        vectors.set(tool.displayName, embedded[position]!);
      });
    },
    async remove(displayNames) {
      const known = displayNames.filter((displayName) => tools.has(displayName));
      if (known.length === 0) return;
      await vectorIndex?.remove(known);
      for (const displayName of known) {
        tools.delete(displayName);
        vectors.delete(displayName);
      }
    },
    async search(query, searchOptions: RankerSearchOptions = {}) {
      const limit = integerOption('@loadout/embeddings', 'limit', searchOptions.limit, 5, 1);
      if (tools.size === 0 || query.trim().length === 0) return [];
      const [raw] = await embedder.embed([query]);
      const vector = normalized(raw!);
      if (dot(vector, vector) === 0) return [];
      let matches: { key: string; score: number }[];
      const filter = searchOptions.filter;
      if (filter !== undefined || vectorIndex === undefined) {
        const keys: string[] = [];
        const topK = createTopK(Math.min(limit, Math.max(1, vectors.size)));
        for (const [key, toolVector] of vectors) {
          if (filter !== undefined && !filter(tools.get(key)!)) continue;
          offerTopK(topK, dot(vector, toolVector), keys.length);
          keys.push(key);
        }
        const { docs, scores } = takeTopK(topK);
        matches = Array.from(docs, (id, position) => ({ key: keys[id]!, score: scores[position]! }));
      } else {
        matches = [...(await vectorIndex.search(vector, Math.min(limit, tools.size)))];
      }
      const hits: SearchHit[] = [];
      for (const { key, score } of matches) {
        const tool = tools.get(key);
        if (tool === undefined) continue;
        hits.push(searchOptions.explain === true ? { tool, score, explanation: explain(tool, query, score) } : { tool, score });
      }
      return hits;
    },
  };
}
