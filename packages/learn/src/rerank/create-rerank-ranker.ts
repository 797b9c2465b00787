import { createLoadoutError, forwardRanker } from '@loadout/core';
import { createTopK, integerOption, offerTopK, resetTopK, takeTopK } from '@loadout/core/utils';
import type { CatalogTool, RankerSearchOptions, SearchHit, SyncRanker, SyncTextVectors } from '@loadout/core';
import { createBm25Ranker } from '@loadout/bm25';
import type { Bm25Ranker, Bm25RankerOptions } from '@loadout/bm25';
import { readFirstStage } from '@loadout/bm25/first-stage';
import type { FirstStageView } from '@loadout/bm25/first-stage';
import { extractFeatures } from './extract-features.js';
import { attributeRow, compileRerankModel, readCandidates, scoreRow } from './rerank-model.js';
import type { RerankModel } from './rerank-model.js';
import { fillVectorFeatures } from './vector-features.js';

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
  readonly vectors?: SyncTextVectors;
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

/** A {@link SyncRanker} (named `rerank` unless told): clause-fused BM25F, then a learned model over its best candidates; `serialize` and `load` are the first stage's. */
export type RerankRanker = SyncRanker & Pick<Bm25Ranker, 'serialize' | 'load'>;

/** `query`'s best `count` candidates in `view` and their feature rows (over `rows` when it holds them), `vectors` filling the `VECTOR_FEATURES` (0 without). */
function candidateFeatures(view: FirstStageView, query: string, count: number, filter: RankerSearchOptions['filter'], vectors: SyncTextVectors | undefined, rows?: Float64Array) {
  const found = view.candidates(query, count, filter);
  const features = extractFeatures(found, rows);
  if (vectors !== undefined && found.count > 0) fillVectorFeatures(features, found, vectors, view.tools);
  return { found, features };
}

/**
 * Features of `query`'s best `candidates` first-stage results in `ranker`
 * (a ranker from `createBm25Ranker`), as the re-ranker sees them: a row of
 * every registry feature per candidate (`VECTOR_FEATURES` only with
 * `vectors`). For training a model; searching with one is
 * {@link createRerankRanker}.
 */
export function extractRerankCandidates(ranker: Bm25Ranker, query: string, candidates = 50, vectors?: SyncTextVectors): RerankCandidates {
  const view = readFirstStage(ranker);
  if (view === undefined) throw createLoadoutError('invalid-option', '@loadout/learn rerank: the first stage must be a ranker from createBm25Ranker', { option: 'ranker' });
  const { found, features } = candidateFeatures(view, query, readCandidates(candidates) ?? 50, undefined, vectors);
  return { tools: Array.from(found.docs.subarray(0, found.count), (doc) => view.tools[doc]!), features };
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
  const view = readFirstStage(first)!;
  const vectors = model.vectors ? options.vectors : undefined;
  const heap = createTopK(5);
  let rows: Float64Array | undefined;
  return forwardRanker(first, {
    name: options.name ?? 'rerank',
    search(query: string, searchOptions: RankerSearchOptions = {}): readonly SearchHit[] {
      const limit = integerOption('@loadout/learn rerank', 'limit', searchOptions.limit, 5, 1);
      const { found, features } = candidateFeatures(view, query, Math.max(candidates, limit), searchOptions.filter, vectors, rows);
      rows = features;
      const { docs, count } = found;
      if (count === 0) return [];
      // The best `limit` by model score (ties keep first-stage order), best first.
      resetTopK(heap, Math.min(limit, count));
      for (let at = 0; at < count; at++) offerTopK(heap, scoreRow(model, features, at), at);
      const { docs: order, scores: modelScores } = takeTopK(heap);
      if (searchOptions.explain !== true) return Array.from(order, (candidate, at) => ({ tool: view.tools[docs[candidate]!]!, score: modelScores[at]! }));
      // The first stage ranks its candidates as the view did: each candidate's hit, with its explanation.
      const firstHits = first.search(query, { limit: count, explain: true, ...(searchOptions.filter === undefined ? {} : { filter: searchOptions.filter }) });
      return Array.from(order, (candidate, at) => {
        const { contributions, bias } = attributeRow(model, features, candidate);
        const parts = model.features.map((name, feature): [string, number] => [`feature.${name}`, contributions[feature]!]);
        parts.push(['bias', bias]);
        // Largest contributions first, so a reader sees what decided; none at 0.
        const components = Object.fromEntries(parts.filter((part) => part[1] !== 0).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])));
        const { tool, score, explanation: before } = firstHits[candidate]!;
        return {
          tool,
          score: modelScores[at]!,
          explanation: {
            matchedTerms: before?.matchedTerms ?? [],
            fields: before?.fields ?? {},
            components,
            notes: [
              ...(before?.notes ?? []),
              `re-ranked (${model.kind}) from first-stage rank ${candidate + 1} (score ${score.toFixed(3)})`,
            ],
          },
        };
      });
    },
  });
}
