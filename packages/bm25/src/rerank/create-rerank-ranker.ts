import { createLoadoutError, describeValue } from '@loadout/core';
import type { CatalogTool, RankerSearchOptions, SearchHit, SyncRanker } from '@loadout/core';
import { createBm25Ranker } from '../bm25f/create-bm25-ranker.js';
import type { Bm25Ranker } from '../bm25f/create-bm25-ranker.js';
import type { Bm25RankerOptions } from '../bm25f/bm25-options.js';
import { collectQueryTerms, createQueryTerms } from '../bm25f/query-terms.js';
import { readBm25Internals } from '../bm25f/ranker-internals.js';
import type { Bm25Internals } from '../bm25f/ranker-internals.js';
import { readSearchLimit } from '../shared/search-limit.js';
import { createFeatureScratch, extractFeatures } from './extract-features.js';
import { buildNameTerms } from './name-terms.js';
import type { NameTerms } from './name-terms.js';
import { attributeRow, compileRerankModel, scoreRow } from './rerank-model.js';
import type { RerankModel } from './rerank-model.js';
import { FEATURE_COUNT, RERANK_FEATURES } from './rerank-features.js';

/** Options of {@link createRerankRanker}. */
export interface RerankRankerOptions {
  /** The model (see `RerankModel`): the shipped `LEXICAL_RERANK_MODEL`, or one a deployment learned. Required. */
  readonly model: RerankModel;
  /** Options of the first-stage BM25F (clause fusion, usage field, …). Default: its defaults. */
  readonly bm25?: Bm25RankerOptions;
  /** First-stage candidates re-scored. Default 50; range 1–1,000 (a search for more results re-scores that many). */
  readonly candidates?: number;
}

/** The features of one query's first-stage candidates, for training and inspection. */
export interface RerankCandidates {
  /** Candidates in first-stage order. */
  readonly tools: readonly CatalogTool[];
  /** Their clause-fused BM25F scores. */
  readonly firstStage: Float64Array;
  /** `tools.length × RERANK_FEATURES.length`, one row per candidate (a copy). */
  readonly features: Float64Array;
}

/** A {@link SyncRanker} named `rerank`: clause-fused BM25F, then a learned model over its best candidates. */
export interface RerankRanker extends SyncRanker {
  readonly name: 'rerank';
  /** The first stage (its index is the re-ranker's). */
  readonly firstStage: Bm25Ranker;
  /** The first stage's index blob (see `Bm25Ranker.serialize`). */
  serialize(): Uint8Array;
  /** Loads a blob from {@link serialize} (see `Bm25Ranker.load`). */
  load(blob: Uint8Array, tools: readonly CatalogTool[]): void;
}

interface Extractor {
  readonly extract: (query: string, count: number, filter: RankerSearchOptions['filter']) => { docs: Int32Array; scores: Float64Array; hits: readonly SearchHit[]; features: Float64Array } | undefined;
}

/** Feature extraction over a BM25F ranker's own index, with buffers reused across queries. */
function createExtractor(first: Bm25Ranker): Extractor {
  const terms = createQueryTerms();
  const scratch = createFeatureScratch();
  let names: NameTerms | undefined;
  let positions = new Map<CatalogTool, number>();
  let positionsOf: readonly CatalogTool[] | undefined;
  let docs = new Int32Array(64);
  let scores = new Float64Array(64);
  const internals = (): Bm25Internals => {
    const index = readBm25Internals(first);
    if (index === undefined) throw createLoadoutError('invalid-option', '@loadout/bm25 rerank: the first stage must be a ranker from createBm25Ranker', { option: 'ranker' });
    return index;
  };
  return {
    extract(query, count, filter) {
      const hits = first.search(query, { limit: count, ...(filter === undefined ? {} : { filter }) });
      if (hits.length === 0) return undefined;
      const index = internals();
      if (names?.postings !== index.postings) names = buildNameTerms(index.postings, index.dictionary);
      if (positionsOf !== index.tools) {
        positions = new Map(index.tools.map((tool, position) => [tool, position]));
        positionsOf = index.tools;
      }
      if (docs.length < hits.length) {
        docs = new Int32Array(hits.length);
        scores = new Float64Array(hits.length);
      }
      for (let at = 0; at < hits.length; at++) {
        docs[at] = positions.get(hits[at]!.tool)!;
        scores[at] = hits[at]!.score;
      }
      const { analyzer, multiIntent } = index.settings;
      collectQueryTerms(query, analyzer, index.dictionary, index.postings, multiIntent === 'clause-fusion', terms);
      const features = extractFeatures(index, names, terms, docs, scores, hits.length, scratch);
      return { docs, scores, hits, features };
    },
  };
}

const extractors = new WeakMap<Bm25Ranker, Extractor>();

function candidatesOption(value: number | undefined): number {
  if (value === undefined) return 50;
  if (!Number.isSafeInteger(value) || value < 1 || value > 1000) {
    throw createLoadoutError('invalid-option', `@loadout/bm25 rerank: candidates must be an integer from 1 to 1,000 (got ${describeValue(value)})`, {
      option: 'candidates',
      value,
    });
  }
  return value;
}

/**
 * Features of `query`'s best `candidates` first-stage results in `ranker`
 * (a ranker from `createBm25Ranker`), as the re-ranker sees them. For
 * training a model; searching with one is {@link createRerankRanker}.
 */
export function extractRerankCandidates(ranker: Bm25Ranker, query: string, candidates = 50): RerankCandidates {
  // One extractor per ranker: its name terms and tool positions are built once per index, not per query.
  let extractor = extractors.get(ranker);
  if (extractor === undefined) extractors.set(ranker, (extractor = createExtractor(ranker)));
  const result = extractor.extract(query, candidatesOption(candidates), undefined);
  if (result === undefined) return { tools: [], firstStage: new Float64Array(0), features: new Float64Array(0) };
  const count = result.hits.length;
  return {
    tools: result.hits.map((hit) => hit.tool),
    firstStage: result.scores.slice(0, count),
    features: result.features.slice(0, count * FEATURE_COUNT),
  };
}

/**
 * Creates the re-ranking ranker: clause-fused BM25F picks the best
 * `candidates` tools, the model re-scores them from features read off
 * BM25F's postings (see `RERANK_FEATURES`), and the best `limit` by model
 * score are returned (ties keep first-stage order). With `explain`, each
 * hit lists every feature's contribution, largest first (`feature.<name>` components,
 * summing to the score with `hiddenBias`). Indexing, `add`, `remove` and
 * persistence are the first stage's.
 */
export function createRerankRanker(options: RerankRankerOptions): RerankRanker {
  const model = compileRerankModel(options.model);
  const candidates = candidatesOption(options.candidates);
  const first = createBm25Ranker(options.bm25);
  const extractor = createExtractor(first);
  const z = new Float64Array(FEATURE_COUNT);
  let order = new Int32Array(64);
  let modelScores = new Float64Array(64);
  return {
    specificationVersion: 'v1',
    name: 'rerank',
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
      const limit = readSearchLimit(searchOptions.limit, 'rerank');
      const result = extractor.extract(query, Math.max(candidates, limit), searchOptions.filter);
      if (result === undefined) return [];
      const { hits, features } = result;
      const count = hits.length;
      if (order.length < count) {
        order = new Int32Array(count);
        modelScores = new Float64Array(count);
      }
      for (let at = 0; at < count; at++) {
        order[at] = at;
        modelScores[at] = scoreRow(model, features, at, z);
      }
      const ranked = Array.from(order.subarray(0, count)).sort((a, b) => modelScores[b]! - modelScores[a]! || a - b);
      const out: SearchHit[] = [];
      const explainFirst = searchOptions.explain === true ? first.search(query, { limit: count, explain: true, ...(searchOptions.filter === undefined ? {} : { filter: searchOptions.filter }) }) : undefined;
      for (let at = 0; at < Math.min(limit, count); at++) {
        const candidate = ranked[at]!;
        const hit = hits[candidate]!;
        if (explainFirst === undefined) {
          out.push({ tool: hit.tool, score: modelScores[candidate]! });
          continue;
        }
        const { contributions, bias } = attributeRow(model, features, candidate);
        // Largest contributions first, so a reader sees what decided.
        const parts: [string, number][] = [];
        for (let feature = 0; feature < FEATURE_COUNT; feature++) {
          if (contributions[feature] !== 0) parts.push([`feature.${RERANK_FEATURES[feature]!}`, contributions[feature]!]);
        }
        if (bias !== 0) parts.push(['hiddenBias', bias]);
        const components = Object.fromEntries(parts.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])));
        const before = explainFirst[candidate]?.explanation;
        out.push({
          tool: hit.tool,
          score: modelScores[candidate]!,
          explanation: {
            matchedTerms: before?.matchedTerms ?? [],
            fields: before?.fields ?? {},
            components,
            notes: [...(before?.notes ?? []), `re-ranked (${model.kind}) from first-stage rank ${candidate + 1} (score ${hit.score.toFixed(3)})`],
          },
        });
      }
      return out;
    },
  };
}
