import type { QualityScores } from '../metrics/score-query.js';

/**
 * What `evaluateRanker` measured over one set. Quality metrics are means over
 * queries, each in [0, 1] (multiply by 100 for the README's points).
 */
export interface EvaluationResult extends QualityScores {
  /** Queries evaluated. */
  readonly queries: number;
  /** Median query latency in milliseconds (nearest-rank, see `percentile`). */
  readonly p50Ms: number;
  /** 99th-percentile query latency in milliseconds (nearest-rank). Every query is timed after untimed searches of the first 10. */
  readonly p99Ms: number;
  /** Time of `ranker.index(tools)` in milliseconds, measured apart from queries; of several rankers (`evaluateRankers`), the faster of two rounds. */
  readonly buildMs: number;
  /** Tools indexed (the set's tools that `createCatalog` accepted). */
  readonly tools: number;
  /** Queries whose search threw and were scored as empty results (only with `onQueryError: 'count'`). */
  readonly failedQueries: number;
  /** The first such error's message, when any. */
  readonly firstError?: string;
}

/** A progress report of `evaluateRanker`. */
export interface EvaluationProgress {
  /** `build`: indexing (reported when it starts, `done` 0, each time a ranker starts indexing: twice for each of several rankers, which index in two rounds; and when all have ended, `done` = `total`); `query`: after each query. */
  readonly phase: 'build' | 'query';
  /** Tools indexed (build) or queries answered (query) so far. */
  readonly done: number;
  /** Tools to index (build) or queries to answer (query). */
  readonly total: number;
  /** Milliseconds since the phase began. */
  readonly elapsedMs: number;
}
