import { createLoadoutError, describeValue, isLoadoutError } from '@loadout/core';
import type { Ranker, SearchHit } from '@loadout/core';
import { integerOption, MAX_SEARCH_LIMIT } from '@loadout/core/utils';
import { createEvalCatalog } from '../eval-set/create-eval-catalog.js';
import type { EvalSet } from '../eval-set/eval-set.js';
import { percentile } from '../metrics/percentile.js';
import { scoreQuery } from '../metrics/score-query.js';
import type { EvaluateRankerOptions, QueryOutcome } from './evaluate-ranker.js';
import type { EvaluationProgress, EvaluationResult } from './evaluation-result.js';

/** Tools a lone ranker indexes untimed before its timed index; queries every ranker answers untimed before any is timed. */
const WARM_TOOLS = 64;
const WARM_QUERIES = 10;

/** Options of {@link evaluateRankers}: those of `evaluateRanker`, the callbacks also told which ranker (its position in the list). */
export interface EvaluateRankersOptions extends Omit<EvaluateRankerOptions, 'onProgress' | 'onQuery'> {
  /** Called when a ranker's indexing starts and ends and after each of its queries; keep it cheap. Its time is not counted. Default: none. */
  onProgress?: (progress: EvaluationProgress, ranker: number) => void;
  /** Called after each query of each ranker with its scores and hits; keep it cheap. Default: none. */
  onQuery?: (outcome: QueryOutcome, ranker: number) => void;
}

/** One ranker's evaluation: its result, or why it could not index the set (it then answered no query). */
export type RankerEvaluation = { readonly result: EvaluationResult } | { readonly error: unknown };

interface Tally {
  readonly latencies: number[];
  readonly sums: { 'recall@5': number; 'ndcg@5': number; 'mrr@10': number };
  failedQueries: number;
  firstError?: string;
}

/**
 * Evaluates several rankers on one set so that no ranker's timing depends
 * on where it is listed: each indexes the set twice, the second round in
 * reverse order, and `buildMs` is the faster of its two (a lone ranker:
 * an untimed index of the first 64 tools, then one timed index); every
 * ranker answers the first 10 queries untimed; then the queries are
 * answered interleaved —
 * query `i` by every ranker in turn, starting with ranker `i mod n` — so
 * compiling shared code, caches, garbage collection and the machine's load
 * fall on all rankers alike. Scoring is `evaluateRanker`'s. A ranker whose
 * `index` throws gives `{ error }` and answers no query; the others go on.
 * With `onQueryError: 'throw'`, a failing search stops everything.
 */
export async function evaluateRankers(rankers: readonly Ranker[], evalSet: EvalSet, options: EvaluateRankersOptions = {}): Promise<RankerEvaluation[]> {
  const { onProgress, onQueryError = 'throw', matchBy = 'name', onQuery, now = () => performance.now() } = options;
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
  const tools = createEvalCatalog(evalSet).tools;
  const errors = new Map<number, unknown>();
  const buildMs = rankers.map(() => Infinity);
  const indexWith = async (position: number, list: typeof tools, timed: boolean): Promise<void> => {
    if (errors.has(position)) return;
    const start = now();
    try {
      await rankers[position]!.index(list);
    } catch (error) {
      errors.set(position, error);
      return;
    }
    if (timed) buildMs[position] = Math.min(buildMs[position]!, now() - start);
  };
  const positions = [...rankers.keys()];
  // Said as each ranker starts indexing (each round), so that a caller can say which one a long synchronous index is.
  const starting = (position: number): void => {
    if (!errors.has(position)) onProgress?.({ phase: 'build', done: 0, total: tools.length, elapsedMs: 0 }, position);
  };
  if (rankers.length === 1) {
    starting(0);
    // An untimed index of a few tools first, so that compiling the indexing code is not charged to the build.
    if (tools.length > WARM_TOOLS) await indexWith(0, tools.slice(0, WARM_TOOLS), false);
    await indexWith(0, tools, true);
  } else {
    // Twice, the second round in reverse order, keeping the faster: the first index of a process pays for compiling shared code and growing the heap, and no ranker should pay it for being listed first.
    for (const position of positions) {
      starting(position);
      await indexWith(position, tools, true);
    }
    for (const position of positions.toReversed()) {
      starting(position);
      await indexWith(position, tools, true);
    }
  }
  for (const position of positions) {
    if (!errors.has(position)) onProgress?.({ phase: 'build', done: tools.length, total: tools.length, elapsedMs: buildMs[position]! }, position);
  }
  const live = [...rankers.keys()].filter((position) => !errors.has(position));
  // Query i is answered by every ranker in turn, starting with ranker i mod n: no ranker always goes first.
  const turns = (index: number): number[] => live.map((_, step) => live[(index + step) % live.length]!);

  // Untimed searches first: the first searches on a new index pay for compiling its code, which is no query's latency.
  for (const [index, warm] of evalSet.queries.slice(0, WARM_QUERIES).entries()) {
    for (const position of turns(index)) {
      try {
        await rankers[position]!.search(warm.query, { limit });
      } catch {
        // Its failure, if any, is counted when the query is timed.
      }
    }
  }
  const tallies: Tally[] = rankers.map(() => ({ latencies: [], sums: { 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0 }, failedQueries: 0 }));
  const queryStart = now();
  for (const [index, query] of evalSet.queries.entries()) {
    for (const position of turns(index)) {
      const tally = tallies[position]!;
      let hits: readonly SearchHit[];
      let failure: string | undefined;
      const start = now();
      try {
        hits = await rankers[position]!.search(query.query, { limit });
      } catch (error) {
        if (onQueryError === 'throw') throw error;
        hits = [];
        tally.failedQueries++;
        // The stable code, when the error has one (ranker-invalid-result, ranker-timeout, …), so a reader can look it up.
        failure = isLoadoutError(error) ? `${error.message} [${error.code}]` : error instanceof Error ? error.message : String(error);
        tally.firstError ??= `${query.id}: ${failure}`;
      }
      const ms = now() - start;
      tally.latencies.push(ms);
      const got = hits.map((hit) => (matchBy === 'name' ? hit.tool.name : hit.tool.displayName));
      const scores = scoreQuery(got, query);
      onQuery?.({ index, scores, got, ms, ...(failure === undefined ? {} : { error: failure }) }, position);
      tally.sums['recall@5'] += scores['recall@5'];
      tally.sums['ndcg@5'] += scores['ndcg@5'];
      tally.sums['mrr@10'] += scores['mrr@10'];
      onProgress?.({ phase: 'query', done: tally.latencies.length, total: evalSet.queries.length, elapsedMs: now() - queryStart }, position);
    }
  }
  const count = evalSet.queries.length;
  const mean = (sum: number): number => (count === 0 ? 0 : sum / count);
  return rankers.map((_, position): RankerEvaluation => {
    if (errors.has(position)) return { error: errors.get(position) };
    const { latencies, sums, failedQueries, firstError } = tallies[position]!;
    return {
      result: {
        'recall@5': mean(sums['recall@5']),
        'ndcg@5': mean(sums['ndcg@5']),
        'mrr@10': mean(sums['mrr@10']),
        queries: count,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        buildMs: buildMs[position]!,
        tools: tools.length,
        failedQueries,
        ...(firstError === undefined ? {} : { firstError }),
      },
    };
  });
}
