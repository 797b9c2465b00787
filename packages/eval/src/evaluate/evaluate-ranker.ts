import { createLoadoutError, describeValue, isLoadoutError } from '@loadout/core';
import type { Ranker, SearchHit } from '@loadout/core';
import { createEvalCatalog } from '../eval-set/create-eval-catalog.js';
import type { EvalSet } from '../eval-set/eval-set.js';
import { percentile } from '../metrics/percentile.js';
import { scoreQuery } from '../metrics/score-query.js';
import type { QualityScores } from '../metrics/score-query.js';
import type { EvaluationProgress, EvaluationResult } from './evaluation-result.js';
import { integerOption, MAX_SEARCH_LIMIT } from '@loadout/core/utils';

/** Tools indexed, and queries searched, untimed before the timed index and searches. */
const WARM_TOOLS = 64;
const WARM_QUERIES = 10;

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
 * queries). Timing uses `performance.now()`: `buildMs` covers
 * `ranker.index(tools)` alone; each query's latency covers one awaited
 * `ranker.search` (scoring excluded), summarised as nearest-rank p50 and p99.
 * Before timing, the ranker indexes its first 64 tools and answers the first
 * 10 queries untimed, so that compiling shared code is charged to none of
 * the rankers compared. Replaces whatever the ranker had indexed.
 */
export async function evaluateRanker(
  ranker: Ranker,
  evalSet: EvalSet,
  options: EvaluateRankerOptions = {},
): Promise<EvaluationResult> {
  const { onProgress, onQueryError = 'throw', matchBy = 'name', onQuery } = options;
  const limit = integerOption('@loadout/eval', 'limit', options.limit, 10, 1, MAX_SEARCH_LIMIT);
  if (onQueryError !== 'throw' && onQueryError !== 'count') {
    throw createLoadoutError('invalid-option', `@loadout/eval: onQueryError must be "throw" or "count" (got ${describeValue(onQueryError)})`, {
      option: 'onQueryError',
      value: onQueryError,
    });
  }
  if (matchBy !== 'name' && matchBy !== 'displayName') {
    throw createLoadoutError('invalid-option', `@loadout/eval: matchBy must be "name" or "displayName" (got ${describeValue(matchBy)})`, { option: 'matchBy', value: matchBy });
  }
  const catalog = createEvalCatalog(evalSet);
  const tools = catalog.tools;
  onProgress?.({ phase: 'build', done: 0, total: tools.length, elapsedMs: 0 });
  // An untimed index of a few tools first: the first ranker of a comparison would otherwise pay for compiling code the others share.
  if (tools.length > WARM_TOOLS) await ranker.index(tools.slice(0, WARM_TOOLS));
  const buildStart = performance.now();
  await ranker.index(tools);
  const buildMs = performance.now() - buildStart;
  onProgress?.({ phase: 'build', done: tools.length, total: tools.length, elapsedMs: buildMs });

  // Untimed searches first: the first searches on a new index pay for compiling its code, which is no query's latency.
  for (const warm of evalSet.queries.slice(0, WARM_QUERIES)) {
    try {
      await ranker.search(warm.query, { limit });
    } catch {
      // Its failure, if any, is counted when the query is timed.
    }
  }
  const latencies: number[] = [];
  const sums = { 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0 };
  let failedQueries = 0;
  let firstError: string | undefined;
  const queryStart = performance.now();
  for (const [index, query] of evalSet.queries.entries()) {
    let hits: readonly SearchHit[];
    let failure: string | undefined;
    const start = performance.now();
    try {
      hits = await ranker.search(query.query, { limit });
    } catch (error) {
      if (onQueryError === 'throw') throw error;
      hits = [];
      failedQueries++;
      // The stable code, when the error has one (ranker-invalid-result, ranker-timeout, …), so a reader can look it up.
      failure = isLoadoutError(error) ? `${error.message} [${error.code}]` : error instanceof Error ? error.message : String(error);
      firstError ??= `${query.id}: ${failure}`;
    }
    const ms = performance.now() - start;
    latencies.push(ms);
    const got = hits.map((hit) => (matchBy === 'name' ? hit.tool.name : hit.tool.displayName));
    const scores = scoreQuery(got, query);
    onQuery?.({ index, scores, got, ms, ...(failure === undefined ? {} : { error: failure }) });
    sums['recall@5'] += scores['recall@5'];
    sums['ndcg@5'] += scores['ndcg@5'];
    sums['mrr@10'] += scores['mrr@10'];
    onProgress?.({ phase: 'query', done: latencies.length, total: evalSet.queries.length, elapsedMs: performance.now() - queryStart });
  }
  const count = evalSet.queries.length;
  const mean = (sum: number): number => (count === 0 ? 0 : sum / count);
  return {
    'recall@5': mean(sums['recall@5']),
    'ndcg@5': mean(sums['ndcg@5']),
    'mrr@10': mean(sums['mrr@10']),
    queries: count,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    buildMs,
    tools: tools.length,
    failedQueries,
    ...(firstError === undefined ? {} : { firstError }),
  };
}
