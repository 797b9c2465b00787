import { createLoadoutError, describeValue } from '@loadout/core';
import { createTopK, offerTopK, resetTopK, takeTopK } from '@loadout/core/utils';
import type { CatalogTool, RankerSearchOptions, SearchHit, SyncRanker } from '@loadout/core';
import { createBm25Ranker } from '@loadout/bm25';
import type { Bm25Ranker, Bm25RankerOptions } from '@loadout/bm25';
import { readFirstStage } from '@loadout/bm25/first-stage';
import { createFeatureScratch, extractFeatures } from './extract-features.js';
import { attributeRow, compileRerankModel, readCandidates, scoreRow } from './rerank-model.js';
import type { RerankModel } from './rerank-model.js';
import { ROW_WIDTH } from './rerank-features.js';
import type { RerankVectors } from './rerank-vectors.js';
import { embedCatalog, fillVectorFeatures } from './vector-features.js';

/** Options of {@link createRerankRanker}. */
export interface RerankRankerOptions {
  /** The model (see `RerankModel`): the shipped `LEXICAL_RERANK_MODEL`, or one a deployment learned. Required. */
  readonly model: RerankModel;
  /** Options of the first-stage BM25F (clause fusion, usage field, …). Default: its defaults. */
  readonly bm25?: Bm25RankerOptions;
  /** First-stage candidates re-scored. Default: the model's `candidates`, else 50; range 1–1,000 (a search for more results re-scores that many). */
  readonly candidates?: number;
  /**
   * Word vectors for a model trained with `VECTOR_FEATURES` (required by
   * one, ignored by a lexical model): `createRerankVectors` of
   * `@loadout/embeddings`. Default: none.
   */
  readonly vectors?: RerankVectors;
  /** The ranker's `name` (a registry may register the re-ranker under another). Default `rerank`. */
  readonly name?: string;
}

/** The features of one query's first-stage candidates, for training and inspection. */
export interface RerankCandidates {
  /** Candidates in first-stage order. */
  readonly tools: readonly CatalogTool[];
  /** `tools.length × ROW_WIDTH`: one row of every registry feature (`FEATURES`) per candidate, the `VECTOR_FEATURES` 0 without vectors (a copy). */
  readonly features: Float64Array;
}

/** A {@link SyncRanker} (named `rerank` unless told): clause-fused BM25F, then a learned model over its best candidates. */
export interface RerankRanker extends SyncRanker, Pick<Bm25Ranker, 'serialize' | 'load'> {
  /** The first stage (its index is the re-ranker's; `serialize` and `load` are its). */
  readonly firstStage: Bm25Ranker;
}

/**
 * Feature extraction over a BM25F ranker's first-stage view, `vectors` filling the `VECTOR_FEATURES`: a query's candidates (the
 * view's buffers), the tools they index, and their feature rows (the extractor's buffers, reused), valid until its next query.
 */
function createExtractor(first: Bm25Ranker, vectors: RerankVectors | undefined) {
  const view = readFirstStage(first);
  if (view === undefined) throw createLoadoutError('invalid-option', '@loadout/learn rerank: the first stage must be a ranker from createBm25Ranker', { option: 'ranker' });
  const scratch = createFeatureScratch();
  // The catalog's tool vectors, kept while its tool list is the same.
  let embeddedFor: readonly CatalogTool[] | undefined;
  let catalog: Float32Array = new Float32Array(0);
  return (query: string, count: number, filter: RankerSearchOptions['filter']) => {
    const found = view.candidates(query, count, filter);
    if (found.count === 0) return undefined;
    const tools = view.tools;
    const features = extractFeatures(found, scratch);
    if (vectors !== undefined) {
      if (embeddedFor !== tools) catalog = embedCatalog(vectors, (embeddedFor = tools));
      fillVectorFeatures(features, found, vectors, catalog);
    }
    return { found, tools, features };
  };
}

const extractors = new WeakMap<object, WeakMap<Bm25Ranker, ReturnType<typeof createExtractor>>>();

/**
 * Features of `query`'s best `candidates` first-stage results in `ranker`
 * (a ranker from `createBm25Ranker`), as the re-ranker sees them: a row of
 * every registry feature per candidate (`VECTOR_FEATURES` only with
 * `vectors`). For training a model; searching with one is
 * {@link createRerankRanker}.
 */
export function extractRerankCandidates(ranker: Bm25Ranker, query: string, candidates = 50, vectors?: RerankVectors): RerankCandidates {
  // One extractor per ranker and vectors: its name terms and tool vectors are built once per index, not per query.
  let byRanker = extractors.get(vectors ?? ranker);
  if (byRanker === undefined) extractors.set(vectors ?? ranker, (byRanker = new WeakMap()));
  let extract = byRanker.get(ranker);
  if (extract === undefined) byRanker.set(ranker, (extract = createExtractor(ranker, vectors)));
  const result = extract(query, readCandidates(candidates) ?? 50, undefined);
  if (result === undefined) return { tools: [], features: new Float64Array(0) };
  const { count, docs } = result.found;
  return {
    tools: Array.from(docs.subarray(0, count), (doc) => result.tools[doc]!),
    features: result.features.slice(0, count * ROW_WIDTH),
  };
}

/**
 * Creates the re-ranking ranker: clause-fused BM25F picks the best
 * `candidates` tools, the model re-scores them from features of their
 * field scores (BM25F's first-stage view; see `RERANK_FEATURES`), and the best `limit` by model
 * score are returned (ties keep first-stage order). With `explain`, each
 * hit lists every feature's contribution, largest first (`feature.<name>` components,
 * summing to the score with `bias`). Indexing, `add`, `remove` and
 * persistence are the first stage's.
 */
export function createRerankRanker(options: RerankRankerOptions): RerankRanker {
  const model = compileRerankModel(options.model);
  const candidates = readCandidates(options.candidates) ?? model.candidates ?? 50;
  const first = createBm25Ranker(options.bm25);
  if (model.vectors && options.vectors === undefined) {
    throw createLoadoutError('invalid-option', '@loadout/learn rerank: the model uses word-vector features; pass vectors (createRerankVectors of @loadout/embeddings) or use a lexical model', { option: 'vectors' });
  }
  const extract = createExtractor(first, model.vectors ? options.vectors : undefined);
  const heap = createTopK(5);
  return {
    specificationVersion: 'v1',
    name: options.name ?? 'rerank',
    firstStage: first,
    get size() {
      return first.size;
    },
    index: (tools) => first.index(tools),
    add: (tools) => first.add(tools),
    remove: (names) => first.remove(names),
    serialize: () => first.serialize(),
    load: (blob, tools) => first.load(blob, tools),
    search(query: string, searchOptions: RankerSearchOptions = {}): readonly SearchHit[] {
      const limit = searchOptions.limit ?? 5;
      if (!Number.isSafeInteger(limit) || limit < 1) {
        throw createLoadoutError('invalid-option', `@loadout/learn rerank: limit must be a positive integer (got ${describeValue(limit)})`, { option: 'limit', value: limit });
      }
      const result = extract(query, Math.max(candidates, limit), searchOptions.filter);
      if (result === undefined) return [];
      const { tools, features } = result;
      const { docs, scores, count } = result.found;
      // The best `limit` by model score (ties keep first-stage order), best first.
      resetTopK(heap, Math.min(limit, count));
      for (let at = 0; at < count; at++) offerTopK(heap, scoreRow(model, features, at), at);
      const { docs: order, scores: modelScores } = takeTopK(heap);
      if (searchOptions.explain !== true) return Array.from(order, (candidate, at) => ({ tool: tools[docs[candidate]!]!, score: modelScores[at]! }));
      // The first stage's explanations, read before anything else searches it (the extractor's buffers are its own).
      const firstScores = scores.slice(0, count);
      const firstDocs = docs.slice(0, count);
      const explainFirst = first.search(query, { limit: count, explain: true, ...(searchOptions.filter === undefined ? {} : { filter: searchOptions.filter }) });
      return Array.from(order, (candidate, at) => {
        const { contributions, bias } = attributeRow(model, features, candidate);
        const parts = model.features.map((name, feature): [string, number] => [`feature.${name}`, contributions[feature]!]);
        parts.push(['bias', bias]);
        // Largest contributions first, so a reader sees what decided; none at 0.
        const components = Object.fromEntries(parts.filter((part) => part[1] !== 0).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])));
        const before = explainFirst[candidate]?.explanation;
        return {
          tool: tools[firstDocs[candidate]!]!,
          score: modelScores[at]!,
          explanation: {
            matchedTerms: before?.matchedTerms ?? [],
            fields: before?.fields ?? {},
            components,
            notes: [
              ...(before?.notes ?? []),
              `re-ranked (${model.kind}) from first-stage rank ${candidate + 1} (score ${firstScores[candidate]!.toFixed(3)})`,
            ],
          },
        };
      });
    },
  };
}
