import type { Ranker } from '@loadout/core';
import type { EvalSet } from '../eval-set/eval-set.js';
import type { QualityScores } from '../metrics/score-query.js';
import type { EvaluationProgress, EvaluationResult } from './evaluation-result.js';
import { evaluateRankers } from './evaluate-rankers.js';

/** Options of {@link evaluateRanker}. */
export interface EvaluateRankerOptions {
  /**
   * Hits requested per query. Default 10, the deepest cutoff of the metrics;
   * below 10, MRR@10 only sees what was returned. Integer in 1–100.
   */
  limit?: number;
  /** Called when indexing starts and ends and after every query; keep it cheap. Its time is not counted. Default: none. */
  onProgress?: (progress: EvaluationProgress) => void;
  /**
   * What a search that throws does: `throw` stops the evaluation; `count`
   * scores that query as an empty result and counts it in `failedQueries`
   * (for rankers that reject some queries, such as a regex ranker given
   * natural language). Default: `throw`.
   */
  onQueryError?: 'throw' | 'count';
  /**
   * Which name of a hit's tool is compared with the gold: its own `name`
   * (the eval data format, unique within those sets) or its `displayName`
   * (`mcp__server__name`, unique within any catalog: what `loadout eval`
   * resolves gold to, as catalogs often repeat a name across servers).
   * Default `name`.
   */
  matchBy?: 'name' | 'displayName';
  /** Called after each query with its scores and its hits' names (by `matchBy`), in order; keep it cheap. Default: none. */
  onQuery?: (outcome: QueryOutcome) => void;
  /** The clock that times indexing and searches, in milliseconds (tests inject one). Default `performance.now()`. */
  now?: () => number;
}

/** One query's outcome, for per-query analysis (paired comparisons, misses). */
export interface QueryOutcome {
  /** Position of the query in the set. */
  readonly index: number;
  readonly scores: QualityScores;
  /** Names (by `matchBy`) of the hits, best first; empty when the search failed. */
  readonly got: readonly string[];
  /** Milliseconds of the search. */
  readonly ms: number;
  /** The error's message when the search failed. */
  readonly error?: string;
}

/**
 * Indexes a set's tools with `ranker`, runs every query, and scores the hits
 * by tool `name` against the gold (Recall@5, NDCG@5, MRR@10, averaged over
 * queries). Timing uses `performance.now()` (or `now`): `buildMs` covers
 * `ranker.index(tools)` alone; each query's latency covers one awaited
 * `ranker.search` (scoring excluded), summarised as nearest-rank p50 and p99.
 * Before timing, the ranker indexes its first 64 tools and answers the first
 * 10 queries untimed. Replaces whatever the ranker had indexed; an index
 * that throws is rethrown. To compare rankers, `evaluateRankers` times them
 * interleaved, so that none pays for being listed first.
 */
export async function evaluateRanker(ranker: Ranker, evalSet: EvalSet, options: EvaluateRankerOptions = {}): Promise<EvaluationResult> {
  const [evaluation] = await evaluateRankers([ranker], evalSet, options);
  if ('error' in evaluation!) throw evaluation.error;
  return evaluation!.result;
}
